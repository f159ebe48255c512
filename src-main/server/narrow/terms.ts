import { z } from 'zod';
import { narrowTermSchema, type NarrowTerm } from '../../wire';

// Zulip accepts both the object form and the legacy [operator, operand] pairs.
const legacyTermSchema = z
  .tuple([z.string(), z.union([z.string(), z.number().int()])])
  .transform(([operator, operand]): NarrowTerm => ({ operator, operand }));

export const narrowSchema = z.array(z.union([narrowTermSchema, legacyTermSchema]));
