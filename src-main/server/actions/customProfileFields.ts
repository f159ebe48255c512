import type { CustomProfileField } from '../../wire';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { FieldType, toWireProfileField } from '../shape/profileFields';
import {
  allProfileFields,
  deleteProfileField,
  deleteProfileFieldValuesNotIn,
  insertProfileField,
  profileFieldById,
  profileFieldNameTaken,
  setProfileFieldOrder,
  summaryFieldCount,
  updateProfileFieldSettings,
  type ProfileFieldRow,
} from '../store/customProfileFields';
import type { Sql } from '../store/sql';
import { activeUserIds, type UserRow } from '../store/users';
import { fieldNotFound, notifyProfileFieldValue } from './customProfileData';
import {
  checkFieldDefinition,
  isDefaultExternalAccount,
  type FieldData,
  type FieldDefinition,
} from './profileFieldDefinition';
import { requireAdministrator } from './groupPermission';

const MAX_SUMMARY_FIELDS = 2;

export function customProfileFieldsState(sql: Sql): CustomProfileField[] {
  return allProfileFields(sql).map(toWireProfileField);
}

function checkSummaryLimit(sql: Sql, wanted: boolean, exceptId: number | null): void {
  if (wanted && summaryFieldCount(sql, exceptId) >= MAX_SUMMARY_FIELDS) {
    throw errors.badRequest(
      `Only ${MAX_SUMMARY_FIELDS} custom profile fields can be displayed in the profile summary.`,
    );
  }
}

function checkLabelFree(sql: Sql, name: string, exceptId: number | null): void {
  if (profileFieldNameTaken(sql, name, exceptId)) {
    throw errors.badRequest('A field with that label already exists.');
  }
}

// Every change to the set of fields sends the whole list, to everyone.
function notifyFields(services: Services): void {
  services.queues.notify(
    plainNotice('custom_profile_fields', { fields: customProfileFieldsState(services.sql) }),
    activeUserIds(services.sql),
  );
}

/** Who may change a field's values: Zulip 10 (feature level 296) asks administrators. */
export interface FieldPermissions {
  required: boolean;
  editableByUser: boolean;
}

export function createProfileField(
  services: Services,
  user: UserRow,
  definition: FieldDefinition & FieldPermissions,
): number {
  requireAdministrator(user);
  const { sql } = services;
  const id = sql.transaction(() => {
    checkSummaryLimit(sql, definition.displayInProfileSummary, null);
    const checked = checkFieldDefinition(definition);
    checkLabelFree(sql, checked.name, null);
    return insertProfileField(sql, {
      ...checked,
      fieldType: definition.fieldType,
      displayInProfileSummary: definition.displayInProfileSummary,
      required: definition.required,
      editableByUser: definition.editableByUser,
      useForUserMatching: definition.useForUserMatching,
    });
  });
  notifyFields(services);
  return id;
}

type FieldSettings = Omit<FieldDefinition, 'fieldType'> & FieldPermissions;

/** What PATCH /realm/profile_fields/{id} changes; what it leaves out stays. */
export type FieldUpdate = { [K in keyof FieldSettings]?: FieldSettings[K] | undefined };

/**
 * Zulip 9 (feature level 252): an update changes only what it names, and is
 * checked as the field it would leave. A predefined external account keeps
 * its label, hint and subtype.
 */
export function updateProfileField(
  services: Services,
  user: UserRow,
  fieldId: number,
  update: FieldUpdate,
): void {
  requireAdministrator(user);
  const { sql } = services;
  const cleared = sql.transaction(() => {
    const field = profileFieldById(sql, fieldId);
    if (!field) throw fieldNotFound(fieldId);
    checkSummaryLimit(sql, update.displayInProfileSummary === true, field.id);
    if (isPredefined(field) && !keepsPredefinedSettings(field, update)) {
      throw errors.badRequest('Default custom field cannot be updated.');
    }
    const merged = {
      name: update.name ?? field.name,
      hint: update.hint ?? field.hint,
      fieldType: field.field_type,
      fieldData: update.fieldData ?? storedFieldData(field),
      displayInProfileSummary:
        update.displayInProfileSummary ?? field.display_in_profile_summary === 1,
      useForUserMatching: update.useForUserMatching ?? field.use_for_user_matching === 1,
    };
    const checked = checkFieldDefinition(merged);
    checkLabelFree(sql, checked.name, field.id);
    // Removing an option clears the values that chose it.
    const clearedUsers =
      field.field_type === FieldType.select && update.fieldData !== undefined
        ? deleteProfileFieldValuesNotIn(sql, field.id, Object.keys(update.fieldData))
        : [];
    updateProfileFieldSettings(sql, field.id, {
      ...checked,
      displayInProfileSummary: merged.displayInProfileSummary,
      useForUserMatching: merged.useForUserMatching,
      required: update.required ?? field.required === 1,
      editableByUser: update.editableByUser ?? field.editable_by_user === 1,
    });
    return clearedUsers;
  });
  for (const userId of cleared) notifyProfileFieldValue(services, userId, fieldId, null);
  notifyFields(services);
}

/** Deletes a field with every user's value of it; clients drop those values themselves. */
export function removeProfileField(services: Services, user: UserRow, fieldId: number): void {
  requireAdministrator(user);
  const { sql } = services;
  sql.transaction(() => {
    if (!profileFieldById(sql, fieldId)) throw fieldNotFound(fieldId);
    deleteProfileField(sql, fieldId);
  });
  notifyFields(services);
}

/** Each field's order becomes its (last) position in `order`, which must name every field. */
export function reorderProfileFields(
  services: Services,
  user: UserRow,
  order: readonly number[],
): void {
  requireAdministrator(user);
  const { sql } = services;
  const position = new Map(order.map((id, index) => [id, index]));
  sql.transaction(() => {
    const fields = allProfileFields(sql);
    if (fields.some((field) => !position.has(field.id))) {
      throw errors.badRequest('Invalid order mapping.');
    }
    for (const field of fields) setProfileFieldOrder(sql, field.id, position.get(field.id) ?? 0);
  });
  notifyFields(services);
}

function storedFieldData(field: ProfileFieldRow): FieldData {
  return field.field_data === '' ? {} : (JSON.parse(field.field_data) as FieldData);
}

const isPredefined = (field: ProfileFieldRow) =>
  isDefaultExternalAccount(field.field_type, storedFieldData(field));

function keepsPredefinedSettings(field: ProfileFieldRow, update: FieldUpdate): boolean {
  return (
    (update.name === undefined || update.name === field.name) &&
    (update.hint === undefined || update.hint === field.hint) &&
    (update.fieldData === undefined ||
      canonicalJson(update.fieldData) === canonicalJson(storedFieldData(field)))
  );
}

// Zulip compares field data as dictionaries, whatever order their keys come in.
function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
}
