/** A conversation the feed shows, with streams by ID. */
export type Narrow =
  | { kind: 'all' }
  | { kind: 'stream'; streamId: number }
  | { kind: 'topic'; streamId: number; topic: string }
  /** Every participant; the reader's own ID may be left out. */
  | { kind: 'dm'; userIds: readonly number[] }
  /** Zulip's is:mentioned, is:starred and is:dm: narrows by the reader's flags or the kind of message. */
  | { kind: 'mentioned' }
  | { kind: 'starred' }
  | { kind: 'dms' };

// Zulip matches topics without regard to case.
export const foldTopic = (topic: string): string => topic.toLowerCase();

/** Zulip's user_ids_string: the participants' IDs, ascending and comma-separated. */
export const dmKey = (userIds: Iterable<number>): string =>
  [...new Set(userIds)].sort((a, b) => a - b).join(',');

/** The dm_key of a private conversation, the reader added when known. */
export const conversationKey = (userIds: readonly number[], ownUserId: number | null): string =>
  dmKey(ownUserId === null ? userIds : [...userIds, ownUserId]);

/**
 * The narrow's canonical name, the same however its terms were written; the
 * reader is added to a private conversation so that `dm:bob` and `dm:bob,me`
 * are one narrow.
 */
export function narrowKey(narrow: Narrow, ownUserId: number | null): string {
  switch (narrow.kind) {
    case 'all':
      return 'all';
    case 'stream':
      return `stream:${narrow.streamId}`;
    case 'topic':
      return `topic:${narrow.streamId}:${foldTopic(narrow.topic)}`;
    case 'dm':
      return `dm:${conversationKey(narrow.userIds, ownUserId)}`;
    case 'mentioned':
    case 'starred':
      return `is:${narrow.kind}`;
    case 'dms':
      return 'is:dm';
  }
}

/** The narrow's key and those of the narrows holding all its messages. */
export function coveringKeys(narrow: Narrow, ownUserId: number | null): string[] {
  const keys = [narrowKey(narrow, ownUserId), 'all'];
  if (narrow.kind === 'topic') keys.push(`stream:${narrow.streamId}`);
  return narrow.kind === 'all' ? ['all'] : keys;
}
