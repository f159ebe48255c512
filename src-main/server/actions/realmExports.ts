import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { realmExportsShaped } from '../shape/realmExports';
import { humanAdminIds } from '../store/exportConsents';
import {
  exportsRequestedSince,
  insertRealmExport,
  markExportDeleted,
  realmExportById,
  realmExportRows,
  type ExportType,
} from '../store/realmExports';
import type { UserRow } from '../store/users';

// Zulip's export_realm: at most five exports requested in any seven days.
const EXPORT_LIMIT = 5;
const EXPORT_LIMIT_WINDOW_SECONDS = 7 * 24 * 60 * 60;

const now = () => Math.floor(Date.now() / 1000);

export const realmExportsOf = (services: Services) =>
  realmExportsShaped(realmExportRows(services.sql), services.realmUri());

/** Zulip's notify_realm_export: every human administrator hears the whole list, each time it changes. */
export function notifyRealmExport(services: Services): void {
  services.queues.notify(
    plainNotice('realm_export', { exports: realmExportsOf(services) }),
    humanAdminIds(services.sql),
  );
}

/**
 * Zulip 12's POST /export/realm (feature levels 304 and 449). An export of
 * everyone's private data needs the organization's owner_full_content_access,
 * which a Hearth host never grants, so it is always refused. The export runs
 * after the answer, in the background.
 */
export function requestRealmExport(services: Services, user: UserRow, exportType: ExportType) {
  if (exportType === 'full_without_consent') {
    throw errors.badRequest(
      'Full data export without member consent is not enabled for this organization.',
    );
  }
  const { sql } = services;
  const id = sql.transaction(() => {
    if (exportsRequestedSince(sql, now() - EXPORT_LIMIT_WINDOW_SECONDS) >= EXPORT_LIMIT) {
      throw errors.badRequest('Exceeded rate limit.');
    }
    return insertRealmExport(sql, { exportType, actingUserId: user.id, dateRequested: now() });
  });
  notifyRealmExport(services);
  services.realmExports.enqueue(id);
  return id;
}

/** Zulip's DELETE /export/realm/{export_id}: a finished export's tarball goes; its row stays, deleted. */
export async function deleteRealmExport(services: Services, id: number): Promise<void> {
  const { sql } = services;
  const row = realmExportById(sql, id);
  if (!row) throw errors.badRequest('Invalid data export ID');
  if (row.status === 'deleted') throw errors.badRequest('Export already deleted');
  if (row.status === 'failed') throw errors.badRequest('Export failed, nothing to delete');
  if (row.status !== 'succeeded' || row.export_path === null) {
    throw errors.badRequest('Export still in progress');
  }
  markExportDeleted(sql, id, now());
  notifyRealmExport(services);
  await services.realmExports.removeTarball(row.export_path);
}
