import { z } from 'zod';
import { invalidArgument, missingArgument } from './errors';

/** A request's parameters as Zulip reads them: query string and form body, each value a string. */
export type RawParams = Readonly<Record<string, string | undefined>>;

const parsedJson = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

// Zulip decodes lists, objects, integers and booleans as JSON; strings travel as they are.
export const json = <S extends z.ZodType>(schema: S) => z.preprocess(parsedJson, schema);
export const int = json(z.number().int());
export const bool = json(z.boolean());
export const intList = json(z.array(z.number().int()));

/** Zulip's group-setting value: a group's ID, or an anonymous group of people and subgroups. */
export const groupSettingValue = z.union([
  z.number().int(),
  z.strictObject({
    direct_members: z.array(z.number().int()),
    direct_subgroups: z.array(z.number().int()),
  }),
]);

// PATCH /realm and PATCH /streams/{id} take `{new, old}`; a bare value is
// accepted too, as the documentation's older examples send it.
export const groupSettingUpdate = json(
  z.union([
    z.strictObject({ new: groupSettingValue, old: groupSettingValue.optional() }),
    groupSettingValue.transform((value) => ({ new: value, old: undefined })),
  ]),
);

/**
 * Parses the parameters with the endpoint's schema, refusing as Zulip does:
 * REQUEST_VARIABLE_MISSING for an absent required one, BAD_REQUEST naming the
 * first invalid one.
 */
export function parseParams<S extends z.ZodObject>(schema: S, raw: RawParams): z.output<S> {
  const known = Object.fromEntries(
    Object.keys(schema.shape).flatMap((name) =>
      raw[name] === undefined ? [] : [[name, raw[name]]],
    ),
  );
  const parsed = schema.safeParse(known);
  if (parsed.success) return parsed.data;
  const name = String(parsed.error.issues[0]?.path[0] ?? 'argument');
  throw raw[name] === undefined ? missingArgument(name) : invalidArgument(name);
}
