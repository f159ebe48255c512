import type { UnreadMsgs } from '../../wire';
import { cached } from '../cached';
import { mutingOf } from '../queries/topicMuting';
import { Flag, WILDCARD_MENTIONED } from '../store/flags';
import { RecipientType } from '../store/recipients';
import type { Sql } from '../store/sql';
import { subscriberIds } from '../store/subscriptions';
import { unreadRowsOf, type UnreadRow } from '../store/unreadMessages';
import {
  huddleKey,
  MAX_UNREAD_MESSAGES,
  summarizeUnread,
  type UnreadEntry,
  type UnreadPlace,
} from '../../registerReads/unreadSummary';

/**
 * Zulip's unread_msgs (get_raw_unread_data, then aggregate_unread_data):
 * personal mentions always count as mentions, channel and topic wildcard
 * mentions only outside muted streams and topics.
 */
export function unreadMsgsState(sql: Sql, userId: number): UnreadMsgs {
  const rows = unreadRowsOf(sql, userId, MAX_UNREAD_MESSAGES);
  const isMuted = mutingOf(sql, userId);
  const huddles = new Map<number, string>();
  const placeOf = (row: UnreadRow): UnreadPlace => {
    if (row.recipient_type === RecipientType.stream) {
      return { kind: 'stream', streamId: row.recipient_type_id, topic: row.subject };
    }
    if (row.recipient_type === RecipientType.personal) {
      const other = row.sender_id === userId ? row.recipient_type_id : row.sender_id;
      return { kind: 'private', otherUserId: other };
    }
    const key = cached(huddles, row.recipient_id, (id) => huddleKey(subscriberIds(sql, id)));
    return { kind: 'huddle', userIdsString: key };
  };

  const entries: UnreadEntry[] = [];
  const mentions: number[] = [];
  for (const row of rows) {
    const place = placeOf(row);
    entries.push({ id: row.id, place });
    const muted = place.kind === 'stream' && isMuted(place.streamId, place.topic);
    const wildcard = (row.flags & WILDCARD_MENTIONED) !== 0 && !muted;
    if ((row.flags & Flag.mentioned) !== 0 || wildcard) mentions.push(row.id);
  }
  return summarizeUnread(entries, mentions, isMuted, rows.length === MAX_UNREAD_MESSAGES);
}
