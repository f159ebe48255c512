import { expect } from 'vitest';
import { probeServer } from '../../../src-main/client/accounts/probeServer';
import { SignInError } from '../../../src-main/client/accounts/signInError';
import type { Network } from '../../../src-main/client/network/routing';

/** What "Check server" says of the address, reached through the network, where it must fail. */
export async function probeFailure(url: string, network: Network): Promise<SignInError> {
  const failure: unknown = await probeServer(url, { fetch: network.fetchFor() }).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(SignInError);
  return failure as SignInError;
}
