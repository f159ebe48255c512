import { ApiError } from '../errors';

/** A Django ValidationError's message_dict: each field's messages, `__all__` for the model's own. */
export type FieldErrors = Record<string, string[]>;

/**
 * Zulip's ValidationFailureError (and the views that answer a model's
 * full_clean the same way): the first message, with every field's messages
 * as `errors`.
 */
export function validationFailure(fieldErrors: FieldErrors): ApiError | null {
  const first = Object.values(fieldErrors).flat()[0];
  return first === undefined
    ? null
    : new ApiError(first, 'BAD_REQUEST', 400, { errors: fieldErrors });
}

/** Collects the messages of each check under its field, in the order Django's full_clean runs them. */
export function collectErrors(
  checks: readonly [field: string, message: string | null][],
): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const [field, message] of checks) {
    if (message !== null) (fieldErrors[field] ??= []).push(message);
  }
  return fieldErrors;
}
