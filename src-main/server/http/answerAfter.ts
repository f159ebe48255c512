import { asError } from '../errors';
import type { Later, Result } from './endpoint';

/** Answers once `check` has passed, with what `then` makes of it; a refusal from either is the answer. */
export function answerAfter<T>(check: Promise<T>, then: (value: T) => Result): Later {
  return (send) => {
    check.then(then).then(send, (error: unknown) => send(asError(error)));
  };
}
