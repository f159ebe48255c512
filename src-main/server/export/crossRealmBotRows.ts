import type { ExportSource } from './exportSource';
import type { ZerverRow } from './zerverRow';

/**
 * Zulip's zerver_userprofile_crossrealm: the system bots by the address
 * Zulip knows them by, with their IDs and personal recipients, which the
 * importer maps onto its own server's bots instead of making them anew.
 */
export function crossRealmBotRows(source: ExportSource): ZerverRow[] {
  return source.all<ZerverRow>(
    `SELECT u.email, u.id, r.id AS recipient_id FROM users u
       JOIN recipients r ON r.type = 1 AND r.type_id = u.id
      WHERE u.is_system_bot = 1 ORDER BY u.id`,
  );
}
