import type { UnreadMsgs } from '../../wire';
import { cached } from '../cached';
import { mutingOf } from '../queries/topicMuting';
import { Flag, WILDCARD_MENTIONED } from '../store/flags';
import { RecipientType } from '../store/recipients';
import type { Sql } from '../store/sql';
import { archivedStreamIds } from '../store/streams';
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
 * mentions only outside muted streams and topics. A client without the
 * archived_channels capability forgets an archived channel's unreads with
 * the channel.
 */
export function unreadMsgsState(
  sql: Sql,
  userId: number,
  {
    archivedChannels = false,
    topicShown = (topic: string) => topic,
  }: { archivedChannels?: boolean; topicShown?: ((topic: string) => string) | undefined } = {},
): UnreadMsgs {
  const rows = unreadRowsOf(sql, userId, MAX_UNREAD_MESSAGES);
  const archived = archivedChannels ? new Set<number>() : archivedStreamIds(sql);
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
    if (place.kind === 'stream' && archived.has(place.streamId)) continue;
    // Grouped and ordered under the name the client reads; muted by the topic itself.
    entries.push({
      id: row.id,
      place: place.kind === 'stream' ? { ...place, topic: topicShown(place.topic) } : place,
    });
    const muted = place.kind === 'stream' && isMuted(place.streamId, place.topic);
    const wildcard = (row.flags & WILDCARD_MENTIONED) !== 0 && !muted;
    if ((row.flags & Flag.mentioned) !== 0 || wildcard) mentions.push(row.id);
  }
  // No topic is named as the empty one is shown: sending to that name sends to "".
  const emptyShown = topicShown('');
  const isShownMuted = (streamId: number, topic: string) =>
    isMuted(streamId, topic === emptyShown ? '' : topic);
  return summarizeUnread(entries, mentions, isShownMuted, rows.length === MAX_UNREAD_MESSAGES);
}
