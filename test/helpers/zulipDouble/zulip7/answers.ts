import type { Org } from '../org';
import { group7, message7, subscription7, user7 } from './objects';
import { registerState7 } from './register';

type Answer = Record<string, unknown>;
const list = (value: unknown) => (Array.isArray(value) ? (value as Answer[]) : []);

const without = (answer: Answer, ...keys: string[]): Answer =>
  Object.fromEntries(Object.entries(answer).filter(([key]) => !keys.includes(key)));

/** Subscribing names people by email until 289, and has no count of messages sent until 397. */
function subscribeAnswer7(org: Org, answer: Answer): Answer {
  const byEmail = (value: unknown) =>
    Object.fromEntries(
      Object.entries((value ?? {}) as Record<string, unknown>).map(([id, names]) => [
        org.user(Number(id))?.email ?? id,
        names,
      ]),
    );
  return {
    ...without(answer, 'new_subscription_messages_sent'),
    subscribed: byEmail(answer.subscribed),
    already_subscribed: byEmail(answer.already_subscribed),
  };
}

/**
 * A successful answer as 7.0 gives it, from the double's modern one, by the
 * endpoint's route; `settingsObject` is whether register was asked for
 * user_settings_object.
 */
export function answer7(org: Org, route: string, answer: Answer, settingsObject: boolean): Answer {
  switch (route) {
    case 'GET /api/v1/server_settings':
      // realm_url came at 257, beside realm_uri.
      return { ...without(answer, 'realm_url'), zulip_merge_base: '7.0' };
    case 'POST /api/v1/register':
      return registerState7(org, answer, settingsObject);
    case 'GET /api/v1/users/me/subscriptions':
      // A channel 7.0 deactivated is gone, not archived (315).
      return {
        ...answer,
        subscriptions: list(answer.subscriptions)
          .filter((sub) => sub.is_archived !== true)
          .map((sub) => subscription7(org, sub)),
      };
    case 'GET /api/v1/users':
      return { ...answer, members: list(answer.members).map(user7) };
    case 'GET /api/v1/users/me':
      return {
        result: answer.result,
        msg: answer.msg,
        ...user7(answer),
        max_message_id: answer.max_message_id,
      };
    case 'GET /api/v1/users/:id':
      return { ...answer, user: user7(answer.user as Answer) };
    case 'GET /api/v1/messages':
      return { ...answer, messages: list(answer.messages).map((m) => message7(org, m)) };
    case 'GET /api/v1/messages/:id':
      return { ...answer, message: message7(org, answer.message as Answer) };
    case 'GET /api/v1/user_groups':
      return { ...answer, user_groups: list(answer.user_groups).map(group7) };
    case 'GET /api/v1/bots':
      // Bots lost their key at 474.
      return {
        ...answer,
        bots: list(answer.bots).map((bot) => ({
          ...bot,
          api_key: org.apiKeys.get(org.userByEmail(String(bot.username))?.user_id ?? 0) ?? '',
        })),
      };
    case 'POST /api/v1/users/me/subscriptions':
      return subscribeAnswer7(org, answer);
    // Group IDs on creation came at 317, `url` beside `uri` at 272, `complete` at 211,
    // detached uploads at 285 and the new topic's visibility at 218.
    case 'POST /api/v1/user_groups/create':
      return without(answer, 'group_id');
    case 'POST /api/v1/user_uploads':
      return without(answer, 'url');
    case 'POST /api/v1/mark_all_as_read':
    case 'POST /api/v1/streams/:id/delete_topic':
      return without(answer, 'complete');
    case 'PATCH /api/v1/messages/:id':
      return without(answer, 'detached_uploads');
    case 'POST /api/v1/messages':
      return without(answer, 'automatic_new_visibility_policy');
    default:
      return answer;
  }
}
