import { byMessage } from './byMessage';
import type { Sql } from './sql';

/** What names an emoji in a reaction: Zulip's namespace and its code there. */
export interface EmojiKey {
  emojiCode: string;
  reactionType: string;
}

export interface ReactionRow {
  id: number;
  message_id: number;
  user_id: number;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

/** The reactions of many messages in one query, each message's in the order they were added. */
export function reactionsOfMessages(
  sql: Sql,
  messageIds: readonly number[],
): Map<number, ReactionRow[]> {
  if (messageIds.length === 0) return new Map();
  return byMessage(
    sql.all<ReactionRow>(
      `SELECT * FROM reactions WHERE message_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
      [JSON.stringify(messageIds)],
    ),
  );
}

/** The user's reaction with this emoji on the message, if they made one. */
export function ownReaction(
  sql: Sql,
  userId: number,
  messageId: number,
  emoji: EmojiKey,
): ReactionRow | undefined {
  return sql.get<ReactionRow>(
    `SELECT * FROM reactions
     WHERE user_id = ? AND message_id = ? AND reaction_type = ? AND emoji_code = ?`,
    [userId, messageId, emoji.reactionType, emoji.emojiCode],
  );
}

/** The first reaction anyone made with this emoji on the message. */
export function firstReactionWith(
  sql: Sql,
  messageId: number,
  emoji: EmojiKey,
): ReactionRow | undefined {
  return sql.get<ReactionRow>(
    `SELECT * FROM reactions WHERE message_id = ? AND reaction_type = ? AND emoji_code = ?
     ORDER BY id LIMIT 1`,
    [messageId, emoji.reactionType, emoji.emojiCode],
  );
}

export function insertReaction(sql: Sql, reaction: Omit<ReactionRow, 'id'>): ReactionRow {
  const { lastInsertRowid } = sql.run(
    `INSERT INTO reactions (message_id, user_id, emoji_name, emoji_code, reaction_type)
     VALUES (?, ?, ?, ?, ?)`,
    [
      reaction.message_id,
      reaction.user_id,
      reaction.emoji_name,
      reaction.emoji_code,
      reaction.reaction_type,
    ],
  );
  return { id: lastInsertRowid, ...reaction };
}

export function deleteReaction(sql: Sql, reactionId: number): void {
  sql.run('DELETE FROM reactions WHERE id = ?', [reactionId]);
}
