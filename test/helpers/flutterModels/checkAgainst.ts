import { converters } from './converters';
import { dispatchers } from './dispatch';
import { afterChecks, handWrittenModels } from './handWritten';
import { at, cast, isObject, kindOf, type JsonObject } from './jsonKinds';
import type { Check, Field, FlutterModels, ValueType } from './modelTypes';
import { readHelpers } from './readHelpers';

/** The hand-written fromJson code the checker holds an encoding of, by class. */
export const encodedHandWritten: ReadonlySet<string> = new Set([
  ...Object.keys(dispatchers),
  ...Object.keys(handWrittenModels),
  ...Object.keys(afterChecks),
]);

/** The readValue helpers and converters the checker holds an encoding of, by their Dart names. */
export const encodedFunctions: ReadonlySet<string> = new Set([
  ...Object.keys(readHelpers),
  ...Object.keys(converters),
]);

const describe = (type: ValueType): string => {
  switch (type.kind) {
    case 'listOf':
      return 'list';
    case 'mapOf':
      return 'object';
    case 'model':
    case 'enum':
    case 'converter':
      return type.name;
    default:
      return type.kind;
  }
};

function enumProblems(check: Check, name: string, fallback: boolean, value: unknown, path: string) {
  const map = check.models.enums.get(name);
  if (!map) return [`${path}: no enum map ${name} in zulip-flutter's generated code`];
  const known = [...map.values.values()].filter((known) => known !== null);
  if (known.includes(value as string | number) || fallback) return [];
  const allowed = known.map((known) => JSON.stringify(known)).join(', ');
  return [`${path}: ${JSON.stringify(value)} is not a value of ${name} (${allowed})`];
}

function converterProblems(
  check: Check,
  type: ValueType & { kind: 'converter' },
  value: unknown,
  path: string,
) {
  if (value === undefined || value === null) {
    if (!type.inputNullable) return cast(value, 'any', false, path);
  } else {
    const inputProblems = check.value(type.input, value, path);
    if (inputProblems.length > 0) return inputProblems;
  }
  const converter = converters[type.name];
  if (!converter) return [`${path}: the checker has no encoding of zulip-flutter's ${type.name}`];
  return converter(value, path, check);
}

/** The problems of a value that is there (not null), against a type. */
function valueProblems(check: Check, type: ValueType, value: unknown, path: string): string[] {
  switch (type.kind) {
    case 'listOf':
      if (!Array.isArray(value)) return [`${path}: expected list, got ${kindOf(value)}`];
      return value.flatMap((item, index) =>
        item === null && type.item.kind !== 'any'
          ? [`${at(path, index)}: expected ${describe(type.item)}, got null`]
          : check.value(type.item, item, at(path, index)),
      );
    case 'mapOf':
      if (!isObject(value)) return [`${path}: expected object, got ${kindOf(value)}`];
      return Object.entries(value).flatMap(([key, item]) => [
        ...(type.intKeys && !/^[+-]?\d+$/.test(key)
          ? [`${path}: key ${JSON.stringify(key)} is not an int`]
          : []),
        ...(item === null && type.value.kind !== 'any'
          ? [`${at(path, key)}: expected ${describe(type.value)}, got null`]
          : check.value(type.value, item, at(path, key))),
      ]);
    case 'model':
      return check.model(type.name, value, path);
    case 'enum':
      return enumProblems(check, type.name, type.unknownFallback, value, path);
    case 'converter':
      return converterProblems(check, type, value, path);
    case 'int':
      // What `(x as num).toInt()` takes: any number, a fraction truncated.
      return Number.isFinite(value) ? [] : [`${path}: expected int, got ${kindOf(value)}`];
    default:
      return cast(value, type.kind, true, path);
  }
}

function fieldProblems(check: Check, field: Field, json: JsonObject, parent: string): string[] {
  let path = at(parent, field.key);
  let value: unknown = json[field.key];
  if (field.readValue) {
    const helper = readHelpers[field.readValue];
    if (!helper)
      return [`${path}: the checker has no encoding of zulip-flutter's ${field.readValue}`];
    const read = helper(json, field.key, parent, check);
    if ('problems' in read) return read.problems;
    ({ value } = read);
    path = read.path ?? path;
  }
  if (field.type.kind === 'converter') return converterProblems(check, field.type, value, path);
  if (value === undefined || value === null) {
    if (field.nullable || field.defaulted) return [];
    return [
      value === undefined
        ? `${path}: missing`
        : `${path}: expected ${describe(field.type)}, got null`,
    ];
  }
  return check.value(field.type, value, path);
}

function modelProblems(check: Check, name: string, value: unknown, path: string): string[] {
  const byHand = dispatchers[name] ?? handWrittenModels[name];
  if (byHand) return byHand(value, path, check);
  const model = check.models.classes.get(name);
  if (!model) return [`${path}: no generated or encoded fromJson for ${name}`];
  if (!isObject(value)) return [`${path}: expected an object (${name}), got ${kindOf(value)}`];
  const problems = model.fields.flatMap((field) => fieldProblems(check, field, value, path));
  const after = afterChecks[name];
  return problems.length === 0 && after ? after(value, path) : problems;
}

/**
 * What stops zulip-flutter reading `json` as `model`: each key it requires
 * that is missing, each value of another type, each enum value it does not
 * know and has no fallback for, through nested models, lists and maps.
 */
export function checkAgainst(
  models: FlutterModels,
  model: string,
  json: unknown,
  path: string,
): string[] {
  const check: Check = {
    models,
    value: (type, value, at) => valueProblems(check, type, value, at),
    model: (name, value, at) => modelProblems(check, name, value, at),
  };
  return check.model(model, json, path);
}
