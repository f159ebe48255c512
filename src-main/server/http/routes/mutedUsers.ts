import { z } from 'zod';
import { muteUser, unmuteUser } from '../../actions/mutedUsers';
import type { Services } from '../../services';
import type { UserRow } from '../../store/users';
import { userEndpoint } from '../endpoint';
import { required } from '../params';

// POST mutes, DELETE unmutes; both answer with success alone, as Zulip's do.
const mutedUserEndpoint = (
  method: 'POST' | 'DELETE',
  act: (services: Services, user: UserRow, mutedUserId: number) => void,
) =>
  userEndpoint({
    method,
    path: '/users/me/muted_users/:muted_user_id',
    params: { muted_user_id: required('json', z.number().int().nonnegative()) },
    handle: ({ services, user, params }) => {
      act(services, user, params.muted_user_id);
      return {};
    },
  });

export const muteUserEndpoint = mutedUserEndpoint('POST', muteUser);
export const unmuteUserEndpoint = mutedUserEndpoint('DELETE', unmuteUser);
