import type { CustomProfileField, ProfileData } from '../../wire';
import type { ProfileFieldRow, ProfileFieldValueRow } from '../store/customProfileFields';

/** Zulip 7.0's field types. */
export const FieldType = {
  shortText: 1,
  longText: 2,
  select: 3,
  date: 4,
  url: 5,
  user: 6,
  externalAccount: 7,
  pronouns: 8,
} as const;

// Register's `custom_profile_field_types`, in Zulip 7.0's order and names.
export const customProfileFieldTypes = {
  SHORT_TEXT: { id: FieldType.shortText, name: 'Short text' },
  LONG_TEXT: { id: FieldType.longText, name: 'Long text' },
  DATE: { id: FieldType.date, name: 'Date picker' },
  URL: { id: FieldType.url, name: 'Link' },
  EXTERNAL_ACCOUNT: { id: FieldType.externalAccount, name: 'External account' },
  PRONOUNS: { id: FieldType.pronouns, name: 'Pronouns' },
  SELECT: { id: FieldType.select, name: 'List of options' },
  USER: { id: FieldType.user, name: 'Person picker' },
} as const;

/** Zulip renders the values of its text fields as Markdown, and no others. */
export function isRenderable(fieldType: number): boolean {
  return fieldType === FieldType.shortText || fieldType === FieldType.longText;
}

export function toWireProfileField(row: ProfileFieldRow): CustomProfileField {
  return {
    id: row.id,
    name: row.name,
    type: row.field_type,
    hint: row.hint,
    field_data: row.field_data,
    order: row.sort_order,
    // Zulip 9 and 10 (feature levels 244 and 296) always say these two; the
    // other flags appear only when true, user matching since Zulip 12 (455).
    required: row.required === 1,
    editable_by_user: row.editable_by_user === 1,
    ...(row.display_in_profile_summary === 1 ? { display_in_profile_summary: true } : {}),
    ...(row.use_for_user_matching === 1 ? { use_for_user_matching: true } : {}),
  };
}

/** Each user's `profile_data`, from value rows of any number of users. */
export function profileDataByUser(rows: readonly ProfileFieldValueRow[]): Map<number, ProfileData> {
  const byUser = new Map<number, ProfileData>();
  for (const row of rows) {
    const data = byUser.get(row.user_id) ?? {};
    data[String(row.field_id)] =
      row.rendered_value === null
        ? { value: row.value }
        : { value: row.value, rendered_value: row.rendered_value };
    byUser.set(row.user_id, data);
  }
  return byUser;
}

/** Zulip gives `profile_data` to humans only; a human with no values has `{}`. */
export function profileDataField(
  user: { id: number; is_bot: number },
  data: ReadonlyMap<number, ProfileData>,
): { profile_data?: ProfileData } {
  return user.is_bot === 1 ? {} : { profile_data: data.get(user.id) ?? {} };
}
