import { z } from 'zod';

/**
 * An integer from a fixed list, refused as Zulip 12's check_int_in_validator
 * words it: "Invalid <name>: Value error, Not in the list of possible values".
 */
export const intIn = (values: readonly number[]) =>
  z
    .number()
    .int()
    .refine((value) => values.includes(value), {
      message: 'Value error, Not in the list of possible values',
    });

/** A string from a fixed list, refused in the words of Zulip 12's check_string_in_validator. */
export const stringIn = (values: readonly string[]) =>
  z.string().refine((value) => values.includes(value), {
    message: 'Value error, Not in the list of possible values',
  });
