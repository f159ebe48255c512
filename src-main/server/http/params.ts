import type { z } from 'zod';
import { errors } from '../errors';

/**
 * One request parameter: how its string form is decoded (JSON or taken as
 * text), the zod type it must then satisfy, and what happens when it is absent.
 */
export interface Param<T> {
  readonly encoding: 'json' | 'text';
  readonly schema: z.ZodType;
  readonly presence: 'required' | 'optional';
  readonly fallback: T | undefined;
  readonly aliases: readonly string[];
  readonly keepNull?: boolean;
}

export type ParamSpecs = Record<string, Param<unknown>>;
export type Decoded<S extends ParamSpecs> = {
  [K in keyof S]: S[K] extends Param<infer T> ? T : never;
};
export type RawParams = Readonly<Record<string, string>>;

/**
 * Query string, form body and path parameters as one map of strings, a later
 * source winning, as Zulip reads request.GET and request.POST together. A
 * name given twice keeps its last value.
 */
export function stringParams(...sources: unknown[]): RawParams {
  const params: Record<string, string> = {};
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    // for…in with an own-property check, not Object.entries: every request
    // comes through here, and the entry arrays were garbage each time.
    for (const name in source) {
      if (!Object.hasOwn(source, name)) continue;
      const value: unknown = (source as Record<string, unknown>)[name];
      const last: unknown = Array.isArray(value) ? value.at(-1) : value;
      if (last !== undefined) params[name] = typeof last === 'string' ? last : JSON.stringify(last);
    }
  }
  return params;
}

interface Options {
  /** Older names Zulip still accepts, e.g. `subject` for `topic`. */
  aliases?: readonly string[];
  /** JSON `null` is a value of its own (Zulip's "never" for an expiry), not "not given". */
  keepNull?: boolean;
}

export function required<S extends z.ZodType>(
  encoding: 'json' | 'text',
  schema: S,
  options: Options = {},
): Param<z.output<S>> {
  return {
    encoding,
    schema,
    presence: 'required',
    fallback: undefined,
    aliases: options.aliases ?? [],
  };
}

export function optional<S extends z.ZodType, D extends z.output<S> | undefined = undefined>(
  encoding: 'json' | 'text',
  schema: S,
  fallback?: D,
  options: Options = {},
): Param<z.output<S> | D> {
  return {
    encoding,
    schema,
    presence: 'optional',
    fallback,
    aliases: options.aliases ?? [],
    ...(options.keepNull ? { keepNull: true } : {}),
  };
}

function rawValue(raw: RawParams, name: string, param: Param<unknown>): string | undefined {
  const value = raw[name];
  if (value !== undefined) return value;
  for (const alias of param.aliases) {
    const aliased = raw[alias];
    if (aliased !== undefined) return aliased;
  }
  return undefined;
}

function decodeOne(name: string, param: Param<unknown>, value: string | undefined): unknown {
  if (value === undefined) {
    if (param.presence === 'required') throw errors.missingArgument(name);
    return param.fallback;
  }
  // SQLite would keep a NUL, but every client after it (C strings, terminals,
  // Postgres on a Zulip server the data may move to) would not.
  if (value.includes('\0') || (param.encoding === 'json' && value.includes('\\u0000'))) {
    throw errors.invalidArgument(name, 'must not contain null bytes');
  }
  let decoded: unknown = value;
  if (param.encoding === 'json') {
    try {
      decoded = JSON.parse(value);
    } catch {
      throw errors.invalidArgument(name, 'not valid JSON');
    }
    // zulip-js and others send `null` for "not given", which Zulip reads as the default.
    if (decoded === null && param.presence === 'optional' && !param.keepNull) return param.fallback;
  }
  const result = param.schema.safeParse(decoded);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw errors.invalidArgument(name, issue ? issue.message : 'malformed value');
  }
  return result.data;
}

// An endpoint's specs never change, so their entries are listed once, not per request.
const specEntries = new WeakMap<ParamSpecs, [string, Param<unknown>][]>();

export function decodeParams<S extends ParamSpecs>(specs: S, raw: RawParams): Decoded<S> {
  let entries = specEntries.get(specs);
  if (!entries) {
    entries = Object.entries(specs);
    specEntries.set(specs, entries);
  }
  const decoded: Record<string, unknown> = {};
  for (const [name, param] of entries) {
    decoded[name] = decodeOne(name, param, rawValue(raw, name, param));
  }
  return decoded as Decoded<S>;
}
