import type { Context } from './context';
import { deliverMessage } from './deliverMessage';
import { notificationBotId, type Org, type StoredMessage } from './org';

/** A silent mention, as Zulip's automated messages name people. */
export const silentMention = (org: Org, userId: number) =>
  `@_**${org.user(userId)?.full_name ?? ''}|${userId}**`;

export const channelLink = (name: string) => `#**${name}**`;

/** Sends a message from Notification Bot to a channel's topic or to one user. */
export function postAsNotificationBot(
  context: Context,
  to: { streamId: number; topic: string } | { userId: number },
  content: string,
): void {
  const { org } = context;
  const stream = 'streamId' in to ? org.streams.get(to.streamId) : undefined;
  const message: StoredMessage = {
    id: org.nextMessageId,
    senderId: notificationBotId,
    client: 'Internal',
    streamId: stream ? stream.stream_id : null,
    topic: 'topic' in to ? to.topic : '',
    dmUserIds:
      'userId' in to
        ? [Math.min(to.userId, notificationBotId), Math.max(to.userId, notificationBotId)]
        : [],
    content,
    timestamp: context.now(),
    editHistory: [],
    lastEditTimestamp: null,
    lastMovedTimestamp: null,
    reactions: [],
  };
  if ('streamId' in to && !stream) return;
  org.nextMessageId += 1;
  const receivers = stream ? [...stream.subscribers] : 'userId' in to ? [to.userId] : [];
  deliverMessage(context, message, receivers, { mentioned: new Set() });
}
