import { closeClients, openClients, ownProfile } from './clients';
import type { Credentials } from './credentials';
import { closedLoop, type LoadResult } from './load';
import { alternate } from './rounds';

/** (iv): GET /users/me against the bare JSON endpoint, same clients, alternating rounds. */
export async function measureProfileRates(
  hostUrl: string,
  bareUrl: string,
  users: readonly Credentials[],
  rounds: number,
  roundSeconds: number,
): Promise<{ host: LoadResult; bare: LoadResult }> {
  const host = await openClients(hostUrl, users, ownProfile);
  const bare = await openClients(bareUrl, users, ownProfile, false);
  await closedLoop(bare, 1);
  await closedLoop(host, 1);
  const results = await alternate(rounds, {
    bare: () => closedLoop(bare, roundSeconds),
    host: () => closedLoop(host, roundSeconds),
  });
  closeClients(host);
  closeClients(bare);
  return results;
}

/**
 * Point 10 of issue 16: GET /users/me with Zulip's rate limits on (under
 * rules too wide to refuse anyone) against the same host without them, on
 * copies of one database, the same clients, alternating rounds.
 */
export async function measureRateLimitCost(
  offUrl: string,
  onUrl: string,
  users: readonly Credentials[],
  rounds: number,
  roundSeconds: number,
): Promise<{ off: LoadResult; on: LoadResult }> {
  const off = await openClients(offUrl, users, ownProfile);
  const on = await openClients(onUrl, users, ownProfile);
  await closedLoop(off, 1);
  await closedLoop(on, 1);
  const results = await alternate(rounds, {
    off: () => closedLoop(off, roundSeconds),
    on: () => closedLoop(on, roundSeconds),
  });
  closeClients(off);
  closeClients(on);
  return results;
}
