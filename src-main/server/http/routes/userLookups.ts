import { z } from 'zod';
import { accessUserForReader } from '../../actions/userAccess';
import { hasMetadataAccess } from '../../queries/streamAccess';
import { formattedStatus } from '../../register/userStatusState';
import { streamSubscriptionsOfUser } from '../../store/subscriptions';
import { userById } from '../../store/users';
import { statusRowOf } from '../../store/userStatus';
import { userEndpoint } from '../endpoint';
import { required } from '../params';

const userId = required('json', z.number().int().nonnegative());

/**
 * Zulip 9's GET /users/{user_id}/status (feature level 262): the status
 * register's user_status would give the user, `{}` when it says nothing.
 */
export const getUserStatusEndpoint = userEndpoint({
  method: 'GET',
  path: '/users/:user_id/status',
  params: { user_id: userId },
  handle: ({ services: { sql }, params, user }) => {
    const target = accessUserForReader(sql, user, userById(sql, params.user_id), {
      deactivated: false,
      bots: false,
    });
    const row = statusRowOf(sql, target.id);
    return { status: row ? formattedStatus(row) : {} };
  },
});

/**
 * Zulip 12's GET /users/{user_id}/channels (feature levels 440 and 458):
 * the channels someone, bots included, is subscribed to, as far as the
 * reader sees them (an administrator sees them all).
 */
export const getUserChannelsEndpoint = userEndpoint({
  method: 'GET',
  path: '/users/:user_id/channels',
  params: { user_id: userId },
  handle: ({ services: { sql }, params, user }) => {
    const target = accessUserForReader(sql, user, userById(sql, params.user_id), {
      deactivated: false,
      bots: true,
    });
    const ids = streamSubscriptionsOfUser(sql, target.id)
      .filter((stream) => hasMetadataAccess(sql, user, stream))
      .map((stream) => stream.id)
      .sort((a, b) => a - b);
    return { subscribed_channel_ids: ids };
  },
});
