import type { DeletionNotice } from '../events/notice';
import type { ChannelActivity } from '../queries/channelActivity';
import { deleteMessageRows } from '../store/messageDeletion';
import { activePushesOfMessages, takeDownPushes } from '../store/pushNotifications';
import type { Sql } from '../store/sql';
import { subscriberIds } from '../store/subscriptions';
import { userIdsWithMessage } from '../store/userMessages';
import type { Services } from '../services';
import { activityOf, announceActivityChanges } from './channelActivityEvents';

/** Where deleted messages were: one stream topic, or one private conversation. */
export type DeletedFrom =
  { kind: 'stream'; streamId: number; recipientId: number; topic: string } | { kind: 'private' };

/** A committed deletion, to be announced. */
export interface Deletion {
  notice: DeletionNotice;
  userIds: number[];
  activity: Map<number, ChannelActivity>;
  removesOwed: boolean;
}

/**
 * Zulip's do_delete_messages, within the caller's transaction: the messages
 * of one conversation go, and one delete_message event names them all. Zulip
 * tells a stream's subscribers and a private message's recipients; whoever
 * still holds a row of a stream message hears of it too, and so does the
 * deleter, subscribed or not (feature level 274). Zulip 11 (feature level
 * 457) tells the deleter only of the messages they may read: the callers
 * delete only such messages, so the one event serves them too. What the
 * channel's object said of its messages before comes back, for the caller to
 * announce what the deletion changed of it once committed, and whether
 * phones owe a remove (Zulip 12 takes a deleted message's notification down
 * wherever it shows), for the caller to wake the push service's courier.
 */
export function deleteConversationMessages(
  sql: Sql,
  deleterId: number,
  messageIds: readonly number[],
  from: DeletedFrom,
): Deletion {
  const activity = activityOf(sql, from.kind === 'stream' ? [from.streamId] : []);
  const audience = new Set(messageIds.flatMap((id) => userIdsWithMessage(sql, id)));
  if (from.kind === 'stream')
    subscriberIds(sql, from.recipientId).forEach((id) => audience.add(id));
  audience.add(deleterId);
  const shown = activePushesOfMessages(sql, messageIds);
  for (const [userId, ids] of shown) takeDownPushes(sql, userId, ids);
  for (const id of messageIds) deleteMessageRows(sql, id);
  const notice: DeletionNotice = {
    kind: 'deletion',
    type: 'delete_message',
    // Zulip 11 sorts them (feature level 393).
    messageIds: [...messageIds].sort((a, b) => a - b),
    details:
      from.kind === 'stream'
        ? { message_type: 'stream', stream_id: from.streamId, topic: from.topic }
        : { message_type: 'private' },
  };
  return { notice, userIds: [...audience], activity, removesOwed: shown.size > 0 };
}

/** Tells clients of a committed deletion, and phones that show its messages. */
export function announceDeletion(services: Services, deletion: Deletion): void {
  services.queues.notify(deletion.notice, deletion.userIds);
  announceActivityChanges(services, deletion.activity);
  if (deletion.removesOwed) services.pushDelivery.wake();
}
