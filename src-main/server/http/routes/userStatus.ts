import { z } from 'zod';
import { updateStatusOfUser, updateUserStatus } from '../../actions/userStatus';
import { clientName } from '../clientName';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

const text = () => optional('text', z.string());

// The status a user sets for themselves or an administrator sets for them.
const statusParams = {
  status_text: text(),
  emoji_name: text(),
  emoji_code: text(),
  reaction_type: text(),
};

function statusOf(
  params: {
    status_text?: string | undefined;
    emoji_name?: string | undefined;
    emoji_code?: string | undefined;
    reaction_type?: string | undefined;
  },
  userAgent: string,
) {
  return {
    statusText: params.status_text,
    emojiName: params.emoji_name,
    emojiCode: params.emoji_code,
    reactionType: params.reaction_type,
    clientName: clientName(userAgent),
  };
}

// Zulip 7.0's update_user_status_backend; `away` is the deprecated form of
// the presence_enabled setting.
export const updateUserStatusEndpoint = userEndpoint({
  method: 'POST',
  path: '/users/me/status',
  params: {
    away: optional('json', z.boolean()),
    ...statusParams,
  },
  handle: ({ services, user, params, userAgent }) => {
    updateUserStatus(services, user, { away: params.away, ...statusOf(params, userAgent) });
    return {};
  },
});

// Zulip 12's update_user_status_admin (feature levels 407 and 473).
export const updateStatusOfUserEndpoint = userEndpoint({
  method: 'POST',
  path: '/users/:user_id/status',
  params: {
    user_id: required('json', z.number().int().nonnegative()),
    ...statusParams,
  },
  handle: ({ services, user, params, userAgent }) => {
    updateStatusOfUser(services, user, params.user_id, statusOf(params, userAgent));
    return {};
  },
});
