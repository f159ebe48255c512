import type { GroupSettingValue } from '../../permissions/groupSettings';
import type { Sql } from './sql';

/** What a group setting belongs to: the organization, a channel or a user group. */
export type GroupSettingScope = 'realm' | 'stream' | 'user_group';

/**
 * The settings of one organization, channel or user group that have been
 * set; a setting without a row has its default. Values are JSON the host
 * wrote itself.
 */
export function storedGroupSettings(
  sql: Sql,
  scope: GroupSettingScope,
  ownerId: number,
): Map<string, GroupSettingValue> {
  return sql.remember(`group settings ${scope} ${ownerId}`, () => {
    const rows = sql.all<{ name: string; value: string }>(
      'SELECT name, value FROM group_settings WHERE scope = ? AND owner_id = ?',
      [scope, ownerId],
    );
    return new Map(rows.map((row) => [row.name, JSON.parse(row.value) as GroupSettingValue]));
  });
}

export function writeGroupSetting(
  sql: Sql,
  scope: GroupSettingScope,
  ownerId: number,
  name: string,
  value: GroupSettingValue,
): void {
  sql.run(
    `INSERT INTO group_settings (scope, owner_id, name, value) VALUES (?, ?, ?, ?)
     ON CONFLICT (scope, owner_id, name) DO UPDATE SET value = excluded.value`,
    [scope, ownerId, name, JSON.stringify(value)],
  );
}
