import type { Message } from '../../wire';
import type { CacheDb } from './cacheDb';

/**
 * A user's new name on the messages the cache holds, as Zulip's web app
 * renames them on a realm_user update: as their sender, and among the
 * participants of private conversations. The server says the same of any
 * message fetched later, since it names senders as they are now.
 */
export function renameInMessages(db: CacheDb, userId: number, fullName: string): void {
  db.run(
    `UPDATE messages SET json = json_set(json, '$.sender_full_name', ?) WHERE sender_id = ?`,
    fullName,
    userId,
  );
  const conversations = db.all<{ id: number; json: string }>(
    `SELECT id, json FROM messages WHERE dm_key IS NOT NULL AND ',' || dm_key || ',' LIKE ?`,
    `%,${userId},%`,
  );
  for (const row of conversations) {
    const message = JSON.parse(row.json) as Message;
    if (typeof message.display_recipient === 'string') continue;
    message.display_recipient = message.display_recipient.map((person) =>
      person.id === userId ? { ...person, full_name: fullName } : person,
    );
    db.run('UPDATE messages SET json = ? WHERE id = ?', JSON.stringify(message), row.id);
  }
}
