import Database from 'better-sqlite3';
import { Flag } from '../../src-main/server/store/flags';

/** A better-sqlite3 connection set up as the host's `Sql` sets up its own. */
export function openLikeHost(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  return db;
}

export interface StreamTarget {
  recipientId: number;
  subscriberIds: number[];
  clientId: number;
}

/** The send stream's recipient and subscribers, and a client to send from. */
export function streamTarget(db: Database.Database, streamName: string): StreamTarget {
  const recipient = db
    .prepare(
      `SELECT recipients.id FROM recipients JOIN streams ON streams.id = recipients.type_id
       WHERE recipients.type = 2 AND streams.name = ?`,
    )
    .pluck()
    .get(streamName) as number | undefined;
  if (recipient === undefined) throw new Error(`no stream ${streamName}`);
  const subscriberIds = db
    .prepare(
      'SELECT user_id FROM subscriptions WHERE recipient_id = ? AND is_active = 1 ORDER BY user_id',
    )
    .pluck()
    .all(recipient) as number[];
  const clientId = db.prepare('SELECT min(id) FROM clients').pluck().get() as number;
  return { recipientId: recipient, subscriberIds, clientId };
}

export type RawSend = (senderId: number, topic: string, content: string) => number;

/**
 * What a send writes, without anything around it: one transaction inserting
 * the message and a user_messages row per subscriber, with prepared statements.
 */
export function rawSend(db: Database.Database, target: StreamTarget): RawSend {
  const message = db.prepare(
    `INSERT INTO messages (sender_id, recipient_id, subject, content, rendered_content, date_sent, sending_client_id)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const row = db.prepare('INSERT INTO user_messages (user_id, message_id, flags) VALUES (?, ?, ?)');
  return db.transaction((senderId: number, topic: string, content: string) => {
    const id = Number(
      message.run(
        senderId,
        target.recipientId,
        topic,
        content,
        content,
        Math.floor(Date.now() / 1000),
        target.clientId,
      ).lastInsertRowid,
    );
    for (const userId of target.subscriberIds) {
      row.run(userId, id, userId === senderId ? Flag.read : 0);
    }
    return id;
  });
}
