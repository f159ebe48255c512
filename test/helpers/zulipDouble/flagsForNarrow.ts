import { z } from 'zod';
import type { Context } from './context';
import { badRequest } from './errors';
import { changeFlags } from './flags';
import { messageWindow } from './messageWindow';
import { narrowSchema } from './narrow';
import { bool, json, parseParams, type RawParams } from './params';

const nonNegative = json(z.number().int().nonnegative());

const narrowFlagsSchema = z.object({
  anchor: z.string(),
  include_anchor: bool.default(true),
  num_before: nonNegative,
  num_after: nonNegative,
  narrow: json(narrowSchema.nullable()),
  op: z.string(),
  flag: z.string(),
});

// Zulip's MAX_MESSAGES_PER_UPDATE, to which it trims the range.
const maxMessages = 5000;

/**
 * POST /messages/flags/narrow (feature level 155): the flag changed on a
 * range of the narrow's messages around the anchor, as POST /messages/flags
 * changes it, with what the range covered.
 */
export function updateFlagsForNarrow(context: Context, userId: number, raw: RawParams) {
  const params = parseParams(narrowFlagsSchema, raw);
  if (params.num_before > 0 && params.num_after > 0 && !params.include_anchor) {
    throw badRequest('The anchor can only be excluded at an end of the range');
  }
  const numBefore = Math.min(
    params.num_before,
    Math.max(maxMessages - params.num_after, maxMessages / 2),
  );
  const numAfter = Math.min(params.num_after, maxMessages - numBefore);
  const window = messageWindow(context.org, userId, {
    anchor: params.anchor,
    numBefore,
    numAfter,
    includeAnchor: params.include_anchor,
    narrow: params.narrow ?? [],
  });
  const ids = window.messages.map((message) => message.id);
  const { changed, ignoredChannels } = changeFlags(context, userId, ids, params.op, params.flag);
  return {
    processed_count: ids.length,
    updated_count: changed.length,
    first_processed_id: ids[0] ?? null,
    last_processed_id: ids.at(-1) ?? null,
    found_oldest: window.foundOldest,
    found_newest: window.foundNewest,
    ...(params.op === 'remove' && params.flag === 'read'
      ? { ignored_because_not_subscribed_channels: ignoredChannels }
      : {}),
  };
}
