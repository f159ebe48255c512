// The hash format Hearth wrote before it stored the cost beside each hash:
// `scrypt$salt$hash`, at Node's default cost (N = 2^14, r = 8, p = 1).
import Database from 'better-sqlite3';
import { randomBytes, scryptSync } from 'node:crypto';
import { join } from 'node:path';
import { DATABASE_FILE } from './generateOrg';

/** Gives `email` an old-format hash of `password`, written into the running host's database. */
export function writeOldFormatHash(dataDir: string, email: string, password: string): void {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32);
  const db = new Database(join(dataDir, DATABASE_FILE));
  try {
    const changed = db
      .prepare('UPDATE users SET password_hash = ? WHERE email = ?')
      .run(`scrypt$${salt.toString('base64')}$${hash.toString('base64')}`, email).changes;
    if (changed !== 1) throw new Error(`no user ${email} to give an old-format hash`);
  } finally {
    db.close();
  }
}

export function storedHashOf(dataDir: string, email: string): string | null {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    const hash: unknown = db
      .prepare('SELECT password_hash FROM users WHERE email = ?')
      .pluck()
      .get(email);
    return typeof hash === 'string' ? hash : null;
  } finally {
    db.close();
  }
}

export const isOldFormat = (hash: string | null): boolean => hash?.split('$').length === 3;
