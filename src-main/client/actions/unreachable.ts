import { NetworkError, NotZulipError } from '../api/errors';

/**
 * A call that is refused offline rather than queued, refused the same way
 * when the server cannot be reached on the way. `send` is not called while
 * the account is offline. An account whose connection
 * is being retried counts as online until the attempt fails, and a call made
 * meanwhile meets the network's own error (ECONNREFUSED, a reset). The
 * person reads `refusal`, main's words for being offline; the network's
 * error is its cause.
 */
export async function refusedWhenUnreachable<T>(
  online: boolean,
  refusal: () => string,
  send: () => Promise<T>,
): Promise<T> {
  if (!online) throw new Error(refusal());
  try {
    return await send();
  } catch (error) {
    if (error instanceof NetworkError && !(error instanceof NotZulipError)) {
      throw new Error(refusal(), { cause: error });
    }
    throw error;
  }
}
