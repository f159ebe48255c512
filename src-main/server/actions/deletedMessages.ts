import type { DeletionNotice } from '../events/notice';
import type { ChannelActivity } from '../queries/channelActivity';
import { deleteMessageRows } from '../store/messageDeletion';
import type { Sql } from '../store/sql';
import { subscriberIds } from '../store/subscriptions';
import { userIdsWithMessage } from '../store/userMessages';
import { activityOf } from './channelActivityEvents';

/** Where deleted messages were: one stream topic, or one private conversation. */
export type DeletedFrom =
  { kind: 'stream'; streamId: number; recipientId: number; topic: string } | { kind: 'private' };

/**
 * Zulip's do_delete_messages, within the caller's transaction: the messages
 * of one conversation go, and one delete_message event names them all. Zulip
 * tells a stream's subscribers and a private message's recipients; whoever
 * still holds a row of a stream message hears of it too, and so does the
 * deleter, subscribed or not (feature level 274). Zulip 11 (feature level
 * 457) tells the deleter only of the messages they may read: the callers
 * delete only such messages, so the one event serves them too. What the
 * channel's object said of its messages before comes back, for the caller to
 * announce what the deletion changed of it once committed.
 */
export function deleteConversationMessages(
  sql: Sql,
  deleterId: number,
  messageIds: readonly number[],
  from: DeletedFrom,
): { notice: DeletionNotice; userIds: number[]; activity: Map<number, ChannelActivity> } {
  const activity = activityOf(sql, from.kind === 'stream' ? [from.streamId] : []);
  const audience = new Set(messageIds.flatMap((id) => userIdsWithMessage(sql, id)));
  if (from.kind === 'stream')
    subscriberIds(sql, from.recipientId).forEach((id) => audience.add(id));
  audience.add(deleterId);
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
  return { notice, userIds: [...audience], activity };
}
