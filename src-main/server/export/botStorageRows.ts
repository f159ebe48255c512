import type { ExportScope } from './exportScope';
import type { ExportSource } from './exportSource';
import type { ZerverRow } from './zerverRow';

/**
 * zerver_botstoragedata: what each bot keeps under its keys (GET and PUT
 * /bot_storage). The importer maps `bot_profile` to the bot's new ID. A
 * bot's storage is its owner's private data: a scoped export keeps it only
 * where it holds the owner's.
 */
export function botStorageRows(source: ExportSource, scope: ExportScope): ZerverRow[] {
  return source
    .all<{ bot_id: number; key: string; value: string; owner: number | null }>(
      `SELECT s.bot_id, s.key, s.value, u.bot_owner_id AS owner
       FROM bot_storage s JOIN users u ON u.id = s.bot_id ORDER BY s.bot_id, s.key`,
    )
    .filter((row) => scope.everyone || (row.owner !== null && scope.holdsPrivateDataOf(row.owner)))
    .map((row, index) => ({
      id: index + 1,
      bot_profile: row.bot_id,
      key: row.key,
      value: row.value,
    }));
}
