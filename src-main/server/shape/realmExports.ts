import type { RealmExportRow } from '../store/realmExports';

/** Where the host serves a finished export's tarball, as Zulip's local storage does. */
export const exportTarballRoute = '/user_avatars/exports/*';

/** Zulip's get_realm_exports_serialized, with each export's type named as at feature level 449. */
export function realmExportsShaped(rows: readonly RealmExportRow[], realmUri: string) {
  return rows
    .filter((row) => row.acting_user_id !== null)
    .map((row) => ({
      id: row.id,
      export_time: row.date_requested,
      acting_user_id: row.acting_user_id,
      export_url:
        row.status === 'succeeded' && row.export_path !== null
          ? `${realmUri}/user_avatars/${row.export_path}`
          : null,
      deleted_timestamp: row.date_deleted,
      failed_timestamp: row.date_failed,
      pending: row.status === 'requested' || row.status === 'started',
      export_type: row.export_type,
    }));
}
