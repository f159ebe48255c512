/** JSON values named as the problems name them, and Dart's casts of them. */

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a value is, in the words of a problem: "got string". */
export function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : `number ${value}`;
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

/** The JSON kinds a Dart cast lets through. */
export type Cast = 'string' | 'int' | 'num' | 'bool' | 'list' | 'object' | 'any';

export function fits(value: unknown, cast: Cast): boolean {
  switch (cast) {
    case 'string':
      return typeof value === 'string';
    case 'int':
      return Number.isInteger(value);
    case 'num':
      return typeof value === 'number';
    case 'bool':
      return typeof value === 'boolean';
    case 'list':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    case 'any':
      return value !== undefined && value !== null;
  }
}

/** The problems of `value as T` (or `as T?` when nullable), where absence reads as null. */
export function cast(value: unknown, to: Cast, nullable: boolean, path: string): string[] {
  if (value === undefined || value === null) {
    if (nullable) return [];
    return [value === undefined ? `${path}: missing` : `${path}: expected ${to}, got null`];
  }
  return fits(value, to) ? [] : [`${path}: expected ${to}, got ${kindOf(value)}`];
}

/** A problem's path into a key of an object. */
export const at = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : `${path}.${key}`;
