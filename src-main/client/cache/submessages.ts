import type { Submessage, SubmessageEvent } from '../../wire';
import type { CacheDb } from './cacheDb';

/**
 * A `submessage` event on the cached message it names, kept in the message's
 * own `submessages` so that its poll or to-do list is rebuilt from the cache
 * offline and after a restart. A message the cache does not hold is left for
 * the next fetch; one delivered again after a lost queue is not doubled.
 */
export function applySubmessageEvent(db: CacheDb, event: SubmessageEvent): void {
  const row = db.get<{ submessages: string | null }>(
    "SELECT json_extract(json, '$.submessages') AS submessages FROM messages WHERE id = ?",
    event.message_id,
  );
  if (!row) return;
  const known = (row.submessages ? JSON.parse(row.submessages) : []) as Submessage[];
  if (known.some((submessage) => submessage.id === event.submessage_id)) return;
  const added: Submessage = {
    id: event.submessage_id,
    message_id: event.message_id,
    sender_id: event.sender_id,
    msg_type: event.msg_type,
    content: event.content,
  };
  db.run(
    "UPDATE messages SET json = json_set(json, '$.submessages', json(?)) WHERE id = ?",
    JSON.stringify([...known, added]),
    event.message_id,
  );
}
