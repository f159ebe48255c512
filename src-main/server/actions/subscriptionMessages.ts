import type { Services } from '../services';
import type { StreamRow } from '../store/streams';
import type { UserRow } from '../store/users';
import { silentMention, stageBotDirectMessage, type Announcements } from './systemBotMessages';

/** Zulip's MAX_BULK_NEW_SUBSCRIPTION_MESSAGES (feature level 397). */
export const MAX_BULK_NEW_SUBSCRIPTION_MESSAGES = 100;

/** Zulip's you_were_just_subscribed_message, as Zulip 12 words it. */
export function youWereJustSubscribed(actor: UserRow, channelNames: readonly string[]): string {
  const names = [...channelNames].sort();
  const [only] = names;
  if (names.length === 1 && only !== undefined) {
    return `${silentMention(actor)} subscribed you to #**${only}**.`;
  }
  const list = names.map((name) => `* #**${name}**\n`).join('');
  return `${silentMention(actor)} subscribed you to the following channels:\n\n${list}`;
}

/**
 * Zulip 11's send_new_subscription_messages (feature level 397): Notification
 * Bot tells each person someone else added of the channels they were added
 * to, but those the request created, and no bot; nobody when more people
 * were added than max_bulk_new_subscription_messages. Whether it may tell
 * them is the answer's new_subscription_messages_sent.
 */
export function stageNewSubscriptionMessages(
  services: Services,
  actor: UserRow,
  added: readonly { user: UserRow; streams: readonly StreamRow[] }[],
  created: readonly StreamRow[],
  announcements: Announcements,
): boolean {
  if (added.length > MAX_BULK_NEW_SUBSCRIPTION_MESSAGES) return false;
  const createdIds = new Set(created.map((stream) => stream.id));
  for (const { user, streams } of added) {
    if (user.id === actor.id || user.is_bot === 1) continue;
    const told = streams.filter((stream) => !createdIds.has(stream.id));
    if (told.length === 0) continue;
    const names = told.map((stream) => stream.name);
    stageBotDirectMessage(
      services,
      'notification',
      user,
      youWereJustSubscribed(actor, names),
      announcements,
    );
  }
  return true;
}
