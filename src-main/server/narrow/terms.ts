import { z } from 'zod';
import { narrowTermSchema } from '../../wire';

export type Operand = string | number | readonly (string | number)[];

/** One narrow term as the server works with it, whichever form the client sent. */
export interface Term {
  operator: string;
  operand: Operand;
  negated: boolean;
}

// Zulip accepts both the object form and the legacy [operator, operand] pairs.
const legacyTermSchema = z
  .tuple([z.string(), z.union([z.string(), z.number().int()])])
  .transform(([operator, operand]): Term => ({ operator, operand, negated: false }));

const objectTermSchema = narrowTermSchema.transform((term): Term => ({
  ...term,
  negated: term.negated ?? false,
}));

export const narrowSchema = z.array(z.union([objectTermSchema, legacyTermSchema]));
