import type { z } from 'zod';
import { optional } from './params';

/** An optional JSON parameter of `schema` for each group setting in `names`. */
export function groupSettingParams<N extends string, S extends z.ZodType>(
  names: readonly N[],
  schema: S,
): Record<N, ReturnType<typeof optional<S>>> {
  return Object.fromEntries(names.map((name) => [name, optional('json', schema)])) as Record<
    N,
    ReturnType<typeof optional<S>>
  >;
}

/** The group settings a request gave, out of its decoded parameters. */
export function givenGroupSettings<N extends string, P extends { [Name in N]?: unknown }>(
  names: readonly N[],
  params: P,
): Pick<P, N> {
  return Object.fromEntries(names.map((name) => [name, params[name]])) as Pick<P, N>;
}
