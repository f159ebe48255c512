import type { Sql } from './sql';

export interface RealmEmojiRow {
  id: number;
  name: string;
  author_id: number | null;
  file_name: string;
  deactivated: number;
}

export interface RealmEmojiImage {
  content_type: string;
  data: Buffer;
}

// The active emoji by name, read by every message rendered: kept until an
// emoji is added or deactivated, rather than read again for each message.
const activeByName = new WeakMap<Sql, ReadonlyMap<string, RealmEmojiRow>>();

/** Drops what `activeRealmEmojiByName` holds; the writes here call it, as does a rolled-back action. */
export function forgetActiveRealmEmoji(sql: Sql): void {
  activeByName.delete(sql);
}

/**
 * Stores the emoji's row and its image; run inside the caller's transaction,
 * so both are there or neither. Returns its id.
 */
export function insertRealmEmoji(
  sql: Sql,
  emoji: { name: string; authorId: number; fileName: string; image: RealmEmojiImage },
): number {
  forgetActiveRealmEmoji(sql);
  const id = sql.run(
    'INSERT INTO realm_emoji (name, author_id, file_name) VALUES (:name, :authorId, :fileName)',
    { name: emoji.name, authorId: emoji.authorId, fileName: emoji.fileName },
  ).lastInsertRowid;
  sql.run('INSERT INTO realm_emoji_images (emoji_id, content_type, data) VALUES (?, ?, ?)', [
    id,
    emoji.image.content_type,
    emoji.image.data,
  ]);
  return id;
}

export function deactivateRealmEmoji(sql: Sql, id: number): void {
  forgetActiveRealmEmoji(sql);
  sql.run('UPDATE realm_emoji SET deactivated = 1 WHERE id = ?', [id]);
}

export function allRealmEmoji(sql: Sql): RealmEmojiRow[] {
  return sql.all<RealmEmojiRow>('SELECT * FROM realm_emoji ORDER BY id');
}

export function realmEmojiById(sql: Sql, id: number): RealmEmojiRow | undefined {
  return sql.get<RealmEmojiRow>('SELECT * FROM realm_emoji WHERE id = ?', [id]);
}

export function activeRealmEmojiByName(sql: Sql): ReadonlyMap<string, RealmEmojiRow> {
  let byName = activeByName.get(sql);
  if (!byName) {
    byName = new Map(
      sql
        .all<RealmEmojiRow>('SELECT * FROM realm_emoji WHERE deactivated = 0')
        .map((row) => [row.name, row]),
    );
    activeByName.set(sql, byName);
  }
  return byName;
}

/** The image stored under `fileName`, deactivated or not: old messages still show it. */
export function realmEmojiImage(sql: Sql, fileName: string): RealmEmojiImage | undefined {
  return sql.get<RealmEmojiImage>(
    `SELECT i.content_type, i.data FROM realm_emoji_images i
     JOIN realm_emoji e ON e.id = i.emoji_id WHERE e.file_name = ?`,
    [fileName],
  );
}
