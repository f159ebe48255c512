import { Flag } from './flags';
import type { MessagePlaceRow } from './messages';
import { RecipientType } from './recipients';
import type { Sql } from './sql';

export function insertUserMessages(
  sql: Sql,
  messageId: number,
  flagsByReader: ReadonlyMap<number, number>,
): void {
  // A statement per row: one INSERT … SELECT from json_each over all the
  // readers measured slower, at 50 readers and at 1,000.
  flagsByReader.forEach((flags, userId) => {
    sql.run('INSERT INTO user_messages (user_id, message_id, flags) VALUES (?, ?, ?)', [
      userId,
      messageId,
      flags,
    ]);
  });
}

/**
 * The newest message a user has, as register and GET /users/me give it.
 * Kept until user_messages is written: a register writes its queue's row,
 * so `remember` would read it again for each of a user's queues, and each
 * read's own read transaction costs more than the lookup.
 */
export function maxMessageIdOf(sql: Sql, userId: number): number {
  return sql.rememberFrom(
    'user_messages',
    `max ${userId}`,
    () =>
      sql.get<{ id: number | null }>(
        'SELECT max(message_id) AS id FROM user_messages WHERE user_id = ?',
        [userId],
      )?.id ?? -1,
  );
}

const idList = (ids: readonly number[]) => JSON.stringify(ids);

/**
 * A message with what one viewer's flag changes depend on: where it went,
 * whether the viewer is subscribed there, and the viewer's row (`flags` null
 * without one).
 */
export interface ViewerMessageRow extends MessagePlaceRow {
  subscribed: number;
  flags: number | null;
}

/** Those of the messages that exist, as the viewer stands with them, by ID. */
export function messagesForViewer(
  sql: Sql,
  viewerId: number,
  messageIds: readonly number[],
): ViewerMessageRow[] {
  return sql.all<ViewerMessageRow>(
    `SELECT m.id, m.sender_id, m.recipient_id, r.type AS recipient_type,
       r.type_id AS recipient_type_id, m.subject,
       EXISTS (SELECT 1 FROM subscriptions sub WHERE sub.user_id = :viewerId
         AND sub.recipient_id = m.recipient_id AND sub.is_active = 1) AS subscribed,
       um.flags AS flags
     FROM messages m
     JOIN recipients r ON r.id = m.recipient_id
     LEFT JOIN user_messages um ON um.user_id = :viewerId AND um.message_id = m.id
     WHERE m.id IN (SELECT value FROM json_each(:ids))
     ORDER BY m.id`,
    { viewerId, ids: idList(messageIds) },
  );
}

/** Sets (`on`) or clears one flag bit on the user's rows for the messages. */
export function updateFlagBit(
  sql: Sql,
  userId: number,
  messageIds: readonly number[],
  bit: number,
  on: boolean,
): void {
  sql.run(
    `UPDATE user_messages SET flags = ${on ? 'flags | :bit' : 'flags & ~:bit'}
     WHERE user_id = :userId AND message_id IN (SELECT value FROM json_each(:ids))`,
    { userId, bit, ids: idList(messageIds) },
  );
}

// The unread test is the predicate of the `user_messages_unread` index, so
// these updates read only the user's unread rows.
const unread = `user_id = :userId AND (flags & ${Flag.read}) = 0`;

/** Marks every unread message of the user read; returns how many. */
export function markAllRowsRead(sql: Sql, userId: number): number {
  return sql.run(`UPDATE user_messages SET flags = flags | ${Flag.read} WHERE ${unread}`, {
    userId,
  }).changes;
}

/**
 * Marks the user's unread messages of one stream read, or of one of its topics
 * (without regard to case), and returns the IDs it changed.
 */
export function markStreamRowsRead(
  sql: Sql,
  userId: number,
  recipientId: number,
  topic: string | null,
): number[] {
  const inTopic = topic === null ? '' : 'AND m.subject = :topic COLLATE NOCASE';
  return sql
    .all<{ message_id: number }>(
      `UPDATE user_messages SET flags = flags | ${Flag.read}
       WHERE ${unread} AND message_id IN
         (SELECT m.id FROM messages m WHERE m.recipient_id = :recipientId ${inTopic})
       RETURNING message_id`,
      topic === null ? { userId, recipientId } : { userId, recipientId, topic },
    )
    .map((row) => row.message_id)
    .sort((a, b) => a - b);
}

/** Takes the users' rows of the messages away. */
export function deleteRowsOf(
  sql: Sql,
  userIds: readonly number[],
  messageIds: readonly number[],
): void {
  sql.run(
    `DELETE FROM user_messages WHERE user_id IN (SELECT value FROM json_each(?))
       AND message_id IN (SELECT value FROM json_each(?))`,
    [JSON.stringify(userIds), JSON.stringify(messageIds)],
  );
}

/** Gives each user a read row for each message they do not hold yet. */
export function insertReadRows(
  sql: Sql,
  userIds: readonly number[],
  messageIds: readonly number[],
): void {
  sql.run(
    `INSERT OR IGNORE INTO user_messages (user_id, message_id, flags)
     SELECT u.value, m.value, ${Flag.read} FROM json_each(?) u, json_each(?) m`,
    [JSON.stringify(userIds), JSON.stringify(messageIds)],
  );
}

/**
 * Whether the user has a row for any message of the stream topic, read or
 * not, leaving out `exceptMessageId` (the message being sent, say).
 */
export function hasMessageInTopic(
  sql: Sql,
  userId: number,
  recipientId: number,
  topic: string,
  exceptMessageId = 0,
): boolean {
  return (
    sql.get(
      `SELECT 1 FROM user_messages um JOIN messages m ON m.id = um.message_id
       WHERE um.user_id = ? AND m.recipient_id = ? AND m.subject = ? COLLATE NOCASE
         AND m.id != ? LIMIT 1`,
      [userId, recipientId, topic, exceptMessageId],
    ) !== undefined
  );
}

export function userIdsWithMessage(sql: Sql, messageId: number): number[] {
  return sql
    .all<{ user_id: number }>(
      'SELECT user_id FROM user_messages WHERE message_id = ? ORDER BY user_id',
      [messageId],
    )
    .map((row) => row.user_id);
}

// Zulip's get_starred_message_ids caps the list it sends at register.
const MAX_STARRED_MESSAGES = 10_000;

export function starredMessageIds(sql: Sql, userId: number): number[] {
  return sql
    .all<{ message_id: number }>(
      `SELECT message_id FROM user_messages WHERE user_id = ? AND (flags & ${Flag.starred}) != 0
       ORDER BY message_id LIMIT ${MAX_STARRED_MESSAGES}`,
      [userId],
    )
    .map((row) => row.message_id);
}

/** One direct-message conversation among a user's newest direct messages. */
export interface RecentConversationRow {
  max_message_id: number;
  /** The other person of a one-to-one conversation (the user, in one with themselves). */
  other_user_id: number | null;
  /** The group conversation's recipient; null for a one-to-one one. */
  group_recipient_id: number | null;
}

/**
 * The conversations of the user's newest `limit` direct messages, newest
 * first, as Zulip's get_recent_private_conversations groups them: a
 * one-to-one message belongs with the other person whichever way it went.
 * Without statistics SQLite walks the primary key instead, through every
 * channel message the user has, so the index is named.
 */
export function recentConversationRows(
  sql: Sql,
  userId: number,
  limit: number,
): RecentConversationRow[] {
  return sql.all<RecentConversationRow>(
    `SELECT max(m.id) AS max_message_id,
       CASE WHEN r.type = ${RecipientType.personal}
         THEN iif(m.sender_id = :userId, r.type_id, m.sender_id) END AS other_user_id,
       iif(r.type = ${RecipientType.personal}, NULL, m.recipient_id) AS group_recipient_id
     FROM (SELECT message_id FROM user_messages INDEXED BY user_messages_direct
       WHERE user_id = :userId AND (flags & ${Flag.is_private}) != 0
       ORDER BY message_id DESC LIMIT :limit) AS recent
     JOIN messages m ON m.id = recent.message_id
     JOIN recipients r ON r.id = m.recipient_id
     GROUP BY other_user_id, group_recipient_id
     ORDER BY max_message_id DESC`,
    { userId, limit },
  );
}
