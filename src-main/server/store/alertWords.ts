import type { Sql } from './sql';

/** A user's alert words, in the order they were added. */
export function alertWordsOf(sql: Sql, userId: number): string[] {
  return sql
    .all<{ word: string }>('SELECT word FROM alert_words WHERE user_id = ? ORDER BY id', [userId])
    .map((row) => row.word);
}

export function insertAlertWord(sql: Sql, userId: number, word: string): void {
  sql.run('INSERT INTO alert_words (user_id, word) VALUES (?, ?)', [userId, word]);
}

export function deleteAlertWord(sql: Sql, userId: number, word: string): void {
  sql.run('DELETE FROM alert_words WHERE user_id = ? AND word = ?', [userId, word]);
}

/** Every active user's words, lower-cased, each with the users who chose it. */
export function realmAlertWords(sql: Sql): Map<string, number[]> {
  const words = new Map<string, number[]>();
  for (const { user_id, word } of sql.all<{ user_id: number; word: string }>(
    `SELECT a.user_id, a.word FROM alert_words a JOIN users u ON u.id = a.user_id
     WHERE u.is_active = 1`,
  )) {
    const key = word.toLowerCase();
    words.set(key, [...(words.get(key) ?? []), user_id]);
  }
  return words;
}
