import type { UnreadMsgs } from '../wire';
import type { IsMuted } from './topicMuting';

/** Where an unread message waits: a stream topic, a one-to-one conversation or a group. */
export type UnreadPlace =
  | { kind: 'stream'; streamId: number; topic: string }
  | { kind: 'private'; otherUserId: number }
  | { kind: 'huddle'; userIdsString: string };

export interface UnreadEntry {
  id: number;
  place: UnreadPlace;
}

// Zulip caps the unread messages /register looks at (MAX_UNREAD_MESSAGES).
export const MAX_UNREAD_MESSAGES = 50_000;

// Python's ordering of str, which Zulip sorts by: code unit order here.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const ascending = (a: number, b: number) => a - b;

function group<K>(entries: readonly UnreadEntry[], keyOf: (place: UnreadPlace) => K | null) {
  const groups = new Map<K, number[]>();
  for (const { id, place } of entries) {
    const key = keyOf(place);
    if (key === null) continue;
    const ids = groups.get(key);
    if (ids) ids.push(id);
    else groups.set(key, [id]);
  }
  for (const ids of groups.values()) ids.sort(ascending);
  return groups;
}

/** The stream's part of the summary, as one object per topic. */
function streamGroups(entries: readonly UnreadEntry[]) {
  const topics = group(entries, (place) =>
    place.kind === 'stream' ? `${place.streamId}\n${place.topic}` : null,
  );
  return [...topics]
    .map(([key, ids]) => {
      const cut = key.indexOf('\n');
      return {
        stream_id: Number(key.slice(0, cut)),
        topic: key.slice(cut + 1),
        unread_message_ids: ids,
      };
    })
    .sort((a, b) => a.stream_id - b.stream_id || compareText(a.topic, b.topic));
}

/**
 * Zulip's aggregate_unread_data: the unread messages grouped by conversation
 * (each group's IDs ascending, groups in Zulip's order), the mentions, and a
 * count that leaves out muted streams and topics.
 */
export function summarizeUnread(
  entries: readonly UnreadEntry[],
  mentions: Iterable<number>,
  isMuted: IsMuted,
  oldUnreadsMissing: boolean,
): UnreadMsgs {
  const pms = group(entries, (place) => (place.kind === 'private' ? place.otherUserId : null));
  const huddles = group(entries, (place) => (place.kind === 'huddle' ? place.userIdsString : null));
  const counted = entries.filter(
    ({ place }) => place.kind !== 'stream' || !isMuted(place.streamId, place.topic),
  );
  return {
    pms: [...pms]
      .sort(([a], [b]) => a - b)
      .map(([otherUserId, ids]) => ({
        other_user_id: otherUserId,
        sender_id: otherUserId,
        unread_message_ids: ids,
      })),
    streams: streamGroups(entries),
    huddles: [...huddles]
      .sort(([a], [b]) => compareText(a, b))
      .map(([userIdsString, ids]) => ({ user_ids_string: userIdsString, unread_message_ids: ids })),
    mentions: [...new Set(mentions)].sort(ascending),
    count: counted.length,
    old_unreads_missing: oldUnreadsMissing,
  };
}

/** The summary taken apart again, one entry per unread message. */
export function unreadEntries(unread: UnreadMsgs): UnreadEntry[] {
  return [
    ...unread.pms.flatMap((pm) =>
      pm.unread_message_ids.map((id) => ({
        id,
        place: { kind: 'private', otherUserId: pm.other_user_id } as const,
      })),
    ),
    ...unread.streams.flatMap((stream) =>
      stream.unread_message_ids.map((id) => ({
        id,
        place: { kind: 'stream', streamId: stream.stream_id, topic: stream.topic } as const,
      })),
    ),
    ...unread.huddles.flatMap((huddle) =>
      huddle.unread_message_ids.map((id) => ({
        id,
        place: { kind: 'huddle', userIdsString: huddle.user_ids_string } as const,
      })),
    ),
  ];
}

/** Zulip's user_ids_string: every participant, the reader included, ascending. */
export const huddleKey = (userIds: Iterable<number>): string =>
  [...new Set(userIds)].sort(ascending).join(',');
