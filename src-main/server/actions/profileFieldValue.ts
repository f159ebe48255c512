import { errors } from '../errors';
import { FieldType } from '../shape/profileFields';
import type { ProfileFieldRow } from '../store/customProfileFields';
import type { Sql } from '../store/sql';
import { usersByIds } from '../store/users';
import { isValidUrl } from './urlValidation';

/** A value as PATCH /users/me/profile_data carries it. */
export type ProfileFieldInput = string | number[];

const codePoints = (text: string) => [...text].length;

/**
 * Zulip's validate_user_custom_profile_field: checks a value against its
 * field's type, naming the field in the error, and returns the text stored
 * (a list of users is kept as its JSON).
 */
export function checkProfileFieldValue(
  sql: Sql,
  field: ProfileFieldRow,
  value: ProfileFieldInput,
): string {
  const name = field.name;
  if (field.field_type === FieldType.user) return checkUserIds(sql, value);
  if (typeof value !== 'string') throw errors.badRequest(`${name} is not a string`);
  switch (field.field_type) {
    case FieldType.shortText:
    case FieldType.externalAccount:
    case FieldType.pronouns:
      return cappedText(name, value, 50);
    case FieldType.longText:
      return cappedText(name, value, 500);
    case FieldType.date:
      if (!isDate(value)) throw errors.badRequest(`${name} is not a date`);
      return value;
    case FieldType.url:
      if (!isValidUrl(value)) throw errors.badRequest(`${name} is not a URL`);
      return value;
    case FieldType.select: {
      const options = JSON.parse(field.field_data) as Record<string, unknown>;
      if (!Object.hasOwn(options, value)) {
        throw errors.badRequest(`'${value}' is not a valid choice for '${name}'.`);
      }
      return value;
    }
    default:
      throw new Error(`custom profile field ${field.id} has unknown type ${field.field_type}`);
  }
}

function cappedText(name: string, value: string, limit: number): string {
  if (codePoints(value) > limit) {
    throw errors.badRequest(`${name} is too long (limit: ${limit} characters)`);
  }
  return value;
}

// Zulip accepts exactly what strptime('%Y-%m-%d') reads and strftime writes
// back, and strftime writes years before 1000 without their leading zeros.
function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1000 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// Zulip's check_valid_user_ids: every ID an active human of the organization.
function checkUserIds(sql: Sql, value: ProfileFieldInput): string {
  if (!Array.isArray(value)) throw errors.badRequest('User IDs is not a list');
  const users = new Map(usersByIds(sql, value).map((user) => [user.id, user]));
  for (const id of value) {
    const user = users.get(id);
    if (!user) throw errors.badRequest(`Invalid user ID: ${id}`);
    if (user.is_active !== 1) throw errors.badRequest(`User with ID ${id} is deactivated`);
    if (user.is_bot === 1) throw errors.badRequest(`User with ID ${id} is a bot`);
  }
  return JSON.stringify(value);
}
