import { z } from 'zod';
import { optional } from './params';

// Zulip reads topics_policy as JSON ("\"inherit\""); clients also send it bare,
// as Zulip's own documentation examples do, so both are taken.
const unquoted = (value: unknown): unknown => {
  if (typeof value !== 'string' || !value.startsWith('"')) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/** An optional topics_policy parameter taking one of `values`. */
export const topicsPolicyParam = <const T extends readonly [string, ...string[]]>(values: T) =>
  optional('text', z.preprocess(unquoted, z.enum(values)));
