import { z } from 'zod';
import { optional } from './params';

// Zulip's include_subscribers is JSON true or false, or since Zulip 11
// (feature level 412) the bare word `partial`, which clients also quote.
const decoded = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/**
 * include_subscribers, as whether to list subscribers. `partial` lets the
 * server give some channels only part of theirs, in `partial_subscribers`,
 * but always the whole list to a channel of fewer than 250 subscribers;
 * the host gives every channel its whole list, in `subscribers`.
 */
export const includeSubscribersParam = () =>
  optional(
    'text',
    z.preprocess(
      decoded,
      z.union([z.boolean(), z.literal('partial')]).transform((value) => value !== false),
    ),
    false,
  );
