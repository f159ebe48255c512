import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { exportConsentRows, humanAdminIds, type ExportConsentRow } from '../store/exportConsents';
import type { Sql } from '../store/sql';
import type { UserRow } from '../store/users';
import { requireAdministrator } from './groupPermission';

/**
 * Zulip 10's GET /export/realm/consents (feature level 295), with each
 * person's email visibility since Zulip 12 (430): administrators see who
 * lets an export include their private data.
 */
export function exportConsentsFor(sql: Sql, user: UserRow): ExportConsentRow[] {
  requireAdministrator(user);
  return exportConsentRows(sql);
}

/** Zulip 10 (feature level 312): administrators' clients hear a changed consent. */
export function announceExportConsent(services: Services, user: UserRow, consented: boolean): void {
  services.queues.notify(
    plainNotice('realm_export_consent', { user_id: user.id, consented }),
    humanAdminIds(services.sql),
  );
}
