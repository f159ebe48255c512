import type { Services } from '../services';
import { getRealm } from '../store/realm';
import type { StreamRow } from '../store/streams';
import { systemBot, type SystemBotName } from '../store/systemBots';
import type { UserRow } from '../store/users';
import { effectiveTopicsPolicy } from './topicsPolicy';
import { stageMessage } from './sendMessage';

/** The events of the sends staged in a transaction, to run once it has committed. */
export type Announcements = (() => void)[];

export const announceAll = (announcements: Announcements): void => {
  for (const announce of announcements) announce();
};

/** Zulip's silent_mention_syntax_for_user: names a person without notifying them. */
export const silentMention = (user: Pick<UserRow, 'id' | 'full_name'>): string =>
  `@_**${user.full_name}|${user.id}**`;

/**
 * Zulip's internal_send_private_message from a system bot, stored in the
 * caller's transaction: the message's ID, or null where the bot is missing
 * (its address was a person's before migration 051).
 */
export function stageBotDirectMessage(
  services: Services,
  bot: SystemBotName,
  to: UserRow,
  content: string,
  announcements: Announcements,
): number | null {
  const sender = systemBot(services.sql, bot);
  if (!sender) return null;
  const staged = stageMessage(services, sender, {
    destination: { type: 'private', to: [to.id] },
    content,
    clientName: 'Internal',
  });
  announcements.push(staged.announce);
  return staged.messageId;
}

/** Zulip's internal_send_stream_message from Notification Bot, the actor's copy read. */
export function stageBotChannelMessage(
  services: Services,
  stream: StreamRow,
  topic: string,
  content: string,
  readBy: readonly number[],
  announcements: Announcements,
): void {
  const sender = systemBot(services.sql, 'notification');
  if (!sender) return;
  const staged = stageMessage(services, sender, {
    destination: { type: 'stream', stream: stream.id, topic },
    content,
    clientName: 'Internal',
    readOnArrival: (ids) => new Set(ids.filter((id) => readBy.includes(id))),
  });
  announcements.push(staged.announce);
}

// Zulip's Realm.STREAM_EVENTS_NOTIFICATION_TOPIC_NAME, or the empty topic
// where the channel takes no other (channel_events_topic_name).
const channelEventsTopic = 'channel events';

/**
 * Zulip 12's maybe_send_channel_events_notice (feature level 434): Notification
 * Bot tells the channel of a change to it, unless the organization turned
 * send_channel_events_messages off.
 */
export function stageChannelEventsNotice(
  services: Services,
  stream: StreamRow,
  content: string,
  announcements: Announcements,
): void {
  const { sql } = services;
  if (getRealm(sql)?.send_channel_events_messages === 0) return;
  // Zulip posts these in an archived channel too; the host leaves them out,
  // since clients without archived_channels hear nothing of such a channel
  // while register counts its messages.
  if (stream.deactivated === 1) return;
  const topic = effectiveTopicsPolicy(sql, stream) === 'empty_topic_only' ? '' : channelEventsTopic;
  stageBotChannelMessage(services, stream, topic, content, [], announcements);
}
