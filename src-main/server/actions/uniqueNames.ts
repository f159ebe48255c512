import { errors } from '../errors';
import { getRealm } from '../store/realm';
import type { Sql } from '../store/sql';

const normalized = (name: string): string => name.normalize('NFKC').toLowerCase();

/**
 * Zulip's check_full_name where the organization has require_unique_names
 * (feature level 246): no one else, person or bot, active or not, may have
 * the name, compared as Zulip compares it, after NFKC and case folding.
 */
export function checkNameUnique(sql: Sql, fullName: string, exceptUserId?: number): void {
  if (getRealm(sql)?.require_unique_names !== 1) return;
  const wanted = normalized(fullName);
  const names = sql.all<{ id: number; full_name: string }>(
    'SELECT id, full_name FROM users WHERE is_system_bot = 0',
  );
  if (names.some((row) => row.id !== exceptUserId && normalized(row.full_name) === wanted)) {
    throw errors.badRequest('Unique names required in this organization.');
  }
}
