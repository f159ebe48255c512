/**
 * What zulip-flutter's generated `fromJson` code accepts, as the reader
 * (`readModels.ts`) describes it and the checker (`checkAgainst.ts`) applies it.
 */

/**
 * A JSON value's type, as the Dart cast or decoder that reads it accepts it.
 * `int` is `(x as num).toInt()`, json_serializable's way to read an int: any number.
 */
export type ValueType =
  | { kind: 'string' | 'int' | 'num' | 'bool' | 'any' | 'object' | 'list' }
  | { kind: 'listOf'; item: ValueType }
  /** A JSON object read as a Dart map; `intKeys` when each key goes through `int.parse`. */
  | { kind: 'mapOf'; value: ValueType; intKeys: boolean }
  /** `X.fromJson(...)`: a generated class, or one whose fromJson is written by hand. */
  | { kind: 'model'; name: string }
  /** `$enumDecode(_$XEnumMap, ...)`; with an unknown fallback, any non-null value is taken. */
  | { kind: 'enum'; name: string; unknownFallback: boolean }
  /**
   * A hand-written function the value passes through (`Message._flagsFromJson`,
   * `const XConverter()`), after the cast of its argument (`input`), null included.
   */
  | { kind: 'converter'; name: string; input: ValueType; inputNullable: boolean };

/** Where a field's value comes from: `json['key']`, or a `readValue:` helper given the whole map and the key. */
export interface FieldSource {
  key: string;
  readValue?: string;
}

export interface Field extends FieldSource {
  type: ValueType;
  /** The cast admits null (`as String?`, `$enumDecodeNullable`, `== null ? null :`), so absence too. */
  nullable: boolean;
  /** A default stands in for null or absence (`?? false`, `@JsonKey(defaultValue:)`). */
  defaulted: boolean;
}

export interface ModelClass {
  name: string;
  /** The `.g.dart` file it was read from, relative to the API folder. */
  file: string;
  fields: Field[];
}

/** An enum map: the JSON values `$enumDecode` recognises (`@JsonValue` included). */
export interface EnumMap {
  name: string;
  /** By Dart member name; null for a member with no JSON value (an `unknown` placeholder). */
  values: Map<string, string | number | null>;
}

export interface FlutterModels {
  /** The folder the models were read from. */
  dir: string;
  classes: Map<string, ModelClass>;
  enums: Map<string, EnumMap>;
  /** Classes whose fromJson is written by hand in the `.dart` files, not generated. */
  handWritten: Set<string>;
}

/** What the checker lends hand-written code, so that it can check what it hands on. */
export interface Check {
  models: FlutterModels;
  /** Problems of a value against a type, at a path. */
  value(type: ValueType, value: unknown, path: string): string[];
  /** Problems of a value against a model, generated or hand-written, at a path. */
  model(name: string, value: unknown, path: string): string[];
}
