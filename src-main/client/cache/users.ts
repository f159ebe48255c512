import { removeIsLostAccessSince } from '../../reducer/applyRealmUserEvent';
import { userSchema, type User } from '../../wire';
import type { CacheDb } from './cacheDb';
import type { RealmUserEvent } from '../../wire';

const upsertSql = 'INSERT OR REPLACE INTO users (user_id, email, json) VALUES (?, ?, ?)';

function putUser(db: CacheDb, user: User): void {
  db.run(upsertSql, user.user_id, user.email, JSON.stringify(user));
}

/** The register's realm_users and realm_non_active_users. */
export function replaceUsers(db: CacheDb, users: readonly User[]): void {
  db.run('DELETE FROM users');
  for (const user of users) putUser(db, user);
}

/**
 * Zulip's realm_user: `remove` deactivates (before Zulip 8) or tells a guest
 * they no longer see the person, who then leaves; `update` names only what
 * changed.
 */
export function applyRealmUserEvent(
  db: CacheDb,
  event: RealmUserEvent,
  featureLevel: number,
): void {
  if (event.op === 'remove' && featureLevel >= removeIsLostAccessSince) {
    db.run('DELETE FROM users WHERE user_id = ?', event.person.user_id);
    return;
  }
  const row = db.get<{ json: string }>(
    'SELECT json FROM users WHERE user_id = ?',
    event.person.user_id,
  );
  const known = row ? (JSON.parse(row.json) as object) : {};
  const change = event.op === 'remove' ? { is_active: false } : personChange(event.person);
  const parsed = userSchema.safeParse({ ...known, ...change });
  if (parsed.success) putUser(db, parsed.data);
}

/** An update's fields as the user object names them: Zulip's `new_email` is the new `email`. */
function personChange(person: RealmUserEvent['person']): Record<string, unknown> {
  const { new_email: newEmail, ...fields } = person as typeof person & { new_email?: unknown };
  return typeof newEmail === 'string' ? { ...fields, email: newEmail } : fields;
}

export function listUsers(db: CacheDb): User[] {
  return db
    .all<{ json: string }>('SELECT json FROM users ORDER BY user_id')
    .map((row) => userSchema.parse(JSON.parse(row.json)));
}

export function userIdByEmail(db: CacheDb, email: string): number | null {
  return (
    db.get<{ user_id: number }>('SELECT user_id FROM users WHERE email = ?', email)?.user_id ?? null
  );
}
