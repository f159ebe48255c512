import { Flag } from './flags';
import type { MessagePlaceRow } from './messages';
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

export function maxMessageIdOf(sql: Sql, userId: number): number {
  return (
    sql.get<{ id: number | null }>(
      'SELECT max(message_id) AS id FROM user_messages WHERE user_id = ?',
      [userId],
    )?.id ?? -1
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

/** Marks every unread row of the stream's messages read, for everyone. */
export function markRecipientReadForEveryone(sql: Sql, recipientId: number): void {
  sql.run(
    `UPDATE user_messages SET flags = flags | ${Flag.read}
     WHERE (flags & ${Flag.read}) = 0
       AND message_id IN (SELECT id FROM messages WHERE recipient_id = ?)`,
    [recipientId],
  );
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

/** Whether the user has a row for any message of the stream topic, read or not. */
export function hasMessageInTopic(
  sql: Sql,
  userId: number,
  recipientId: number,
  topic: string,
): boolean {
  return (
    sql.get(
      `SELECT 1 FROM user_messages um JOIN messages m ON m.id = um.message_id
       WHERE um.user_id = ? AND m.recipient_id = ? AND m.subject = ? COLLATE NOCASE LIMIT 1`,
      [userId, recipientId, topic],
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
