import { z } from 'zod';

// Every Zulip response carries `result` and `msg`; errors may add `code` and
// context fields such as `stream`, `queue_id` or `var_name`.
export const apiErrorSchema = z.looseObject({
  result: z.literal('error'),
  msg: z.string(),
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const apiSuccessSchema = z.looseObject({
  result: z.literal('success'),
  msg: z.string(),
});
