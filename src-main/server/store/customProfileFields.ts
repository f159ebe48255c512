import type { Sql } from './sql';

export interface ProfileFieldRow {
  id: number;
  name: string;
  hint: string;
  field_type: number;
  field_data: string;
  sort_order: number;
  display_in_profile_summary: number;
  required: number;
  editable_by_user: number;
  use_for_user_matching: number;
}

export interface ProfileFieldValueRow {
  user_id: number;
  field_id: number;
  value: string;
  rendered_value: string | null;
}

export interface ProfileFieldSettings {
  name: string;
  hint: string;
  fieldData: string;
  displayInProfileSummary: boolean;
  required: boolean;
  editableByUser: boolean;
  useForUserMatching: boolean;
}

const flags = (settings: ProfileFieldSettings) => ({
  summary: settings.displayInProfileSummary ? 1 : 0,
  required: settings.required ? 1 : 0,
  editableByUser: settings.editableByUser ? 1 : 0,
  useForUserMatching: settings.useForUserMatching ? 1 : 0,
});

export function allProfileFields(sql: Sql): ProfileFieldRow[] {
  return sql.all<ProfileFieldRow>('SELECT * FROM custom_profile_fields ORDER BY sort_order, id');
}

export function profileFieldById(sql: Sql, id: number): ProfileFieldRow | undefined {
  return sql.get<ProfileFieldRow>('SELECT * FROM custom_profile_fields WHERE id = ?', [id]);
}

/** Whether another field already has this label (Zulip's unique (realm, name)). */
export function profileFieldNameTaken(sql: Sql, name: string, exceptId: number | null): boolean {
  return (
    sql.get('SELECT 1 FROM custom_profile_fields WHERE name = ? AND id IS NOT ?', [
      name,
      exceptId,
    ]) !== undefined
  );
}

export function summaryFieldCount(sql: Sql, exceptId: number | null): number {
  return (
    sql.get<{ count: number }>(
      `SELECT count(*) AS count FROM custom_profile_fields
       WHERE display_in_profile_summary = 1 AND id IS NOT ?`,
      [exceptId],
    )?.count ?? 0
  );
}

/** Inserts a field at the end of the order: Zulip sets a new field's order to its ID. */
export function insertProfileField(
  sql: Sql,
  field: ProfileFieldSettings & { fieldType: number },
): number {
  const id = sql.run(
    `INSERT INTO custom_profile_fields
       (name, hint, field_type, field_data, sort_order, display_in_profile_summary,
        required, editable_by_user, use_for_user_matching)
     VALUES (:name, :hint, :fieldType, :fieldData, 0, :summary,
        :required, :editableByUser, :useForUserMatching)`,
    {
      name: field.name,
      hint: field.hint,
      fieldType: field.fieldType,
      fieldData: field.fieldData,
      ...flags(field),
    },
  ).lastInsertRowid;
  setProfileFieldOrder(sql, id, id);
  return id;
}

export function updateProfileFieldSettings(
  sql: Sql,
  id: number,
  settings: ProfileFieldSettings,
): void {
  sql.run(
    `UPDATE custom_profile_fields
     SET name = :name, hint = :hint, field_data = :fieldData, display_in_profile_summary = :summary,
       required = :required, editable_by_user = :editableByUser,
       use_for_user_matching = :useForUserMatching
     WHERE id = :id`,
    {
      id,
      name: settings.name,
      hint: settings.hint,
      fieldData: settings.fieldData,
      ...flags(settings),
    },
  );
}

export function setProfileFieldOrder(sql: Sql, id: number, order: number): void {
  sql.run('UPDATE custom_profile_fields SET sort_order = ? WHERE id = ?', [order, id]);
}

/** Deletes a field and every user's value of it. */
export function deleteProfileField(sql: Sql, id: number): void {
  sql.run('DELETE FROM custom_profile_field_values WHERE field_id = ?', [id]);
  sql.run('DELETE FROM custom_profile_fields WHERE id = ?', [id]);
}

export function allProfileFieldValues(sql: Sql): ProfileFieldValueRow[] {
  return sql.all<ProfileFieldValueRow>(
    'SELECT * FROM custom_profile_field_values ORDER BY user_id, field_id',
  );
}

export function profileFieldValuesOf(sql: Sql, userId: number): ProfileFieldValueRow[] {
  return sql.all<ProfileFieldValueRow>(
    'SELECT * FROM custom_profile_field_values WHERE user_id = ? ORDER BY field_id',
    [userId],
  );
}

export function profileFieldValue(
  sql: Sql,
  userId: number,
  fieldId: number,
): ProfileFieldValueRow | undefined {
  return sql.get<ProfileFieldValueRow>(
    'SELECT * FROM custom_profile_field_values WHERE user_id = ? AND field_id = ?',
    [userId, fieldId],
  );
}

export function upsertProfileFieldValue(sql: Sql, row: ProfileFieldValueRow): void {
  sql.run(
    `INSERT INTO custom_profile_field_values (user_id, field_id, value, rendered_value)
     VALUES (:user_id, :field_id, :value, :rendered_value)
     ON CONFLICT (user_id, field_id)
     DO UPDATE SET value = excluded.value, rendered_value = excluded.rendered_value`,
    row,
  );
}

export function deleteProfileFieldValue(sql: Sql, userId: number, fieldId: number): boolean {
  return (
    sql.run('DELETE FROM custom_profile_field_values WHERE user_id = ? AND field_id = ?', [
      userId,
      fieldId,
    ]).changes > 0
  );
}

/** Deletes the values of a field that are not among `kept`; returns whose went. */
export function deleteProfileFieldValuesNotIn(
  sql: Sql,
  fieldId: number,
  kept: readonly string[],
): number[] {
  const condition = 'field_id = ? AND value NOT IN (SELECT value FROM json_each(?))';
  const params = [fieldId, JSON.stringify(kept)];
  const userIds = sql
    .all<{ user_id: number }>(
      `SELECT user_id FROM custom_profile_field_values WHERE ${condition} ORDER BY user_id`,
      params,
    )
    .map((row) => row.user_id);
  sql.run(`DELETE FROM custom_profile_field_values WHERE ${condition}`, params);
  return userIds;
}
