import type { CacheDb } from './cacheDb';

/** What the Inbox needs beyond the unread counts: the newest unread message and any mention. */
export interface UnreadConversation {
  /** Null for a private conversation. */
  streamId: number | null;
  /** Folded, as the unread counts key topics; null for a private conversation. */
  topicFolded: string | null;
  /** Zulip's user_ids_string; null for a topic. */
  dmKey: string | null;
  latestId: number;
  mentioned: boolean;
}

const unreadConversationsSql = `
SELECT stream_id AS streamId, topic_folded AS topicFolded, dm_key AS dmKey,
  max(message_id) AS latestId, max(mentioned) AS mentioned
FROM unreads
GROUP BY stream_id, topic_folded, dm_key
ORDER BY latestId DESC`;

/** Every conversation with unread messages, the one with the newest unread message first. */
export function unreadConversations(db: CacheDb): UnreadConversation[] {
  return db
    .all<Omit<UnreadConversation, 'mentioned'> & { mentioned: number }>(unreadConversationsSql)
    .map((row) => ({ ...row, mentioned: row.mentioned === 1 }));
}
