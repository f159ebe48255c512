import { displaySettingDefaults } from './displaySettings';
import { modernSettingDefaults } from './modernSettings';
import type { Sql } from './sql';
import { Role } from './users';

export interface ExportConsentRow {
  user_id: number;
  consented: boolean;
  email_address_visibility: number;
}

/** Every active human's consent to an export of their private data, and whom their email shows to. */
export function exportConsentRows(sql: Sql): ExportConsentRow[] {
  return sql
    .all<{ user_id: number; consented: string | null; visibility: string | null }>(
      `SELECT users.id AS user_id, consent.value AS consented, visibility.value AS visibility
       FROM users
       LEFT JOIN user_settings consent
         ON consent.user_id = users.id AND consent.name = 'allow_private_data_export'
       LEFT JOIN user_settings visibility
         ON visibility.user_id = users.id AND visibility.name = 'email_address_visibility'
       WHERE users.is_active = 1 AND users.is_bot = 0
       ORDER BY users.id`,
    )
    .map((row) => ({
      user_id: row.user_id,
      consented:
        row.consented === null
          ? modernSettingDefaults.allow_private_data_export
          : JSON.parse(row.consented) === true,
      email_address_visibility:
        row.visibility === null
          ? displaySettingDefaults.email_address_visibility
          : Number(JSON.parse(row.visibility)),
    }));
}

/** Zulip's Realm.get_human_admin_users: active administrators and owners who are people. */
export function humanAdminIds(sql: Sql): number[] {
  return sql
    .all<{ id: number }>(
      'SELECT id FROM users WHERE is_active = 1 AND is_bot = 0 AND role <= ? ORDER BY id',
      [Role.admin],
    )
    .map((row) => row.id);
}
