import Database from 'better-sqlite3';
import { credentialsOf, type Credentials } from './credentials';
import type { OrgManifest } from './generateOrg';
import { narrowTargets, type NarrowTargets } from './narrowTargets';

export interface BenchSetup {
  narrows: NarrowTargets;
  /** The send stream's subscribers: the 50 clients. */
  senders: Credentials[];
  /** The organization's first owner, who sets up what a figure needs. */
  owner: Credentials;
}

/** Reads who the clients are and what they will ask for, before any server opens the database. */
export function readSetup(databasePath: string, manifest: OrgManifest): BenchSetup {
  const db = new Database(databasePath, { readonly: true });
  try {
    const senderIds = db
      .prepare(
        `SELECT user_id FROM subscriptions
         JOIN recipients ON recipients.id = subscriptions.recipient_id AND recipients.type = 2
         JOIN streams ON streams.id = recipients.type_id
         WHERE streams.name = ? AND subscriptions.is_active = 1 ORDER BY user_id`,
      )
      .pluck()
      .all(manifest.sendStream) as number[];
    const ownerId = db
      .prepare('SELECT id FROM users WHERE role = 100 ORDER BY id LIMIT 1')
      .pluck()
      .get();
    if (typeof ownerId !== 'number') throw new Error('the organization has no owner');
    const [owner] = credentialsOf(db, [ownerId]);
    if (!owner) throw new Error('the owner has no credentials');
    return { narrows: narrowTargets(db, manifest), senders: credentialsOf(db, senderIds), owner };
  } finally {
    db.close();
  }
}
