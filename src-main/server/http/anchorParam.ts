import { z } from 'zod';

/** Zulip's `anchor`: a message ID, or where the server is to find one. */
export const anchorSchema = z.union([
  z.enum(['newest', 'oldest', 'first_unread']),
  z
    .string()
    .regex(/^-?\d+$/, 'must be an integer, newest, oldest or first_unread')
    .transform(Number),
]);
