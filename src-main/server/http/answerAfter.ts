import type { Later, Result } from './endpoint';

/** Answers once `check` has passed, with what `then` returns; a refusal from either is the answer. */
export function answerAfter(check: Promise<void>, then: () => Result): Later {
  return (send) => {
    check
      .then(then)
      .then(send, (error: unknown) =>
        send(error instanceof Error ? error : new Error(String(error))),
      );
  };
}
