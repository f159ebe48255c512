import type { UnreadMessageDetails } from '../../wire';
import { Flag, WILDCARD_MENTIONED } from '../store/flags';
import { mutingOf } from '../queries/topicMuting';
import { RecipientType } from '../store/recipients';
import type { Sql } from '../store/sql';
import { subscriberIds } from '../store/subscriptions';
import type { ViewerMessageRow } from '../store/userMessages';

/**
 * Zulip's format_unread_message_details: what a client needs to put messages
 * just marked unread back into its unread counts, keyed by message ID. The
 * viewer never appears in `user_ids`, even for a note to self.
 */
export function unreadMessageDetails(
  sql: Sql,
  viewerId: number,
  rows: readonly ViewerMessageRow[],
): Record<string, UnreadMessageDetails> {
  const isMuted = mutingOf(sql, viewerId);
  const huddleMembers = new Map<number, number[]>();
  const othersInHuddle = (recipientId: number) => {
    let others = huddleMembers.get(recipientId);
    if (!others) {
      others = subscriberIds(sql, recipientId).filter((id) => id !== viewerId);
      huddleMembers.set(recipientId, others);
    }
    return others;
  };

  const details: Record<string, UnreadMessageDetails> = {};
  for (const row of rows) {
    const flags = row.flags ?? 0;
    const mentioned = (flags & Flag.mentioned) !== 0;
    const wildcard = (flags & WILDCARD_MENTIONED) !== 0;
    if (row.recipient_type === RecipientType.stream) {
      const streamId = row.recipient_type_id;
      const unmuted = !isMuted(streamId, row.subject);
      details[row.id] = {
        type: 'stream',
        stream_id: streamId,
        topic: row.subject,
        unmuted_stream_msg: unmuted,
        // A wildcard mention counts only where the conversation is not muted.
        ...(mentioned || (wildcard && unmuted) ? { mentioned: true } : {}),
      };
      continue;
    }
    let userIds: number[];
    if (row.recipient_type === RecipientType.huddle) {
      userIds = othersInHuddle(row.recipient_id);
    } else {
      const other = row.sender_id === viewerId ? row.recipient_type_id : row.sender_id;
      userIds = other === viewerId ? [] : [other];
    }
    details[row.id] = {
      type: 'private',
      user_ids: userIds,
      ...(mentioned || wildcard ? { mentioned: true } : {}),
    };
  }
  return details;
}
