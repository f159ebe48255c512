import { z } from 'zod';

/**
 * The answer of a call main confirms with the person itself (a native
 * dialog): done, with `shape`, or declined and nothing done.
 */
export const confirmedResult = <T extends z.ZodRawShape>(shape: T) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), ...shape }),
    z.object({ ok: z.literal(false), reason: z.literal('declined') }),
  ]);
