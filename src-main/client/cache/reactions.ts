import type { Reaction, ReactionEvent } from '../../wire';
import type { CacheDb } from './cacheDb';

const sameReaction = (a: Reaction, b: Pick<Reaction, 'user_id' | 'emoji_code' | 'reaction_type'>) =>
  a.user_id === b.user_id && a.emoji_code === b.emoji_code && a.reaction_type === b.reaction_type;

/**
 * A `reaction` event on the cached message it names; a message the cache does
 * not hold is left for the next fetch, which brings its reactions. Zulip tells
 * reactions apart by user, code and type (a name is only a label), so an add
 * the message already has, delivered again after a lost queue, is not doubled.
 */
export function applyReactionEvent(db: CacheDb, event: ReactionEvent): void {
  const row = db.get<{ reactions: string | null }>(
    "SELECT json_extract(json, '$.reactions') AS reactions FROM messages WHERE id = ?",
    event.message_id,
  );
  if (!row) return;
  const reactions = (row.reactions ? JSON.parse(row.reactions) : []) as Reaction[];
  const others = reactions.filter((reaction) => !sameReaction(reaction, event));
  const next: Reaction[] =
    event.op === 'add'
      ? [
          ...others,
          {
            emoji_name: event.emoji_name,
            emoji_code: event.emoji_code,
            reaction_type: event.reaction_type,
            user_id: event.user_id,
          },
        ]
      : others;
  db.run(
    "UPDATE messages SET json = json_set(json, '$.reactions', json(?)) WHERE id = ?",
    JSON.stringify(next),
    event.message_id,
  );
}

/**
 * The emoji the reader reacted with most on the messages the cache holds,
 * most used first, each as `reaction_type:emoji_code` (a Unicode code may be
 * all digits, like a custom emoji's ID): the picker's "Frequently used".
 */
export function frequentReactions(db: CacheDb, userId: number, limit: number): string[] {
  return db
    .all<{ code: string }>(
      `SELECT json_extract(r.value, '$.reaction_type') || ':' ||
         json_extract(r.value, '$.emoji_code') AS code
       FROM messages, json_each(messages.json, '$.reactions') AS r
       WHERE json_extract(r.value, '$.user_id') = ?
       GROUP BY code ORDER BY count(*) DESC, max(messages.id) DESC LIMIT ?`,
      userId,
      limit,
    )
    .map((row) => row.code);
}
