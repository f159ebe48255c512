import type { ChildServer } from './childServer';
import { closeClients, openClients, ownProfile } from './clients';
import type { Credentials } from './credentials';
import { closedLoop, type LoadResult } from './load';
import { log, megabytes } from './report';
import { alternate, roundRatio } from './rounds';
import { transportOf } from './transport';

export interface ProfileRates {
  host: LoadResult;
  bare: LoadResult;
  /**
   * The server processes' CPU time per request, in microseconds: over TLS,
   * what each adds to its plain figure is what TLS costs that server.
   */
  cpuPerRequest: { host: number; bare: number };
}

/** A contender's load, and the server whose CPU time it is charged. */
interface TimedLoad {
  server: ChildServer;
  load: () => Promise<LoadResult>;
}

/**
 * Alternating rounds (`alternate`) of each contender's load, and each one's
 * server's CPU time per request over its rounds, in microseconds.
 */
async function alternateWithCpu<K extends string>(
  rounds: number,
  contenders: Readonly<Record<K, TimedLoad>>,
): Promise<{ loads: Record<K, LoadResult>; cpuPerRequest: Record<K, number> }> {
  const names = Object.keys(contenders) as K[];
  const cpu = new Map<K, number>();
  const timed = Object.fromEntries(
    names.map((name) => {
      const { server, load } = contenders[name];
      const run = async () => {
        const before = server.cpuMicros();
        const result = await load();
        cpu.set(name, (cpu.get(name) ?? 0) + server.cpuMicros() - before);
        return result;
      };
      return [name, run];
    }),
  ) as Record<K, () => Promise<LoadResult>>;
  const loads = await alternate(rounds, timed);
  const cpuPerRequest = Object.fromEntries(
    names.map((name) => [name, (cpu.get(name) ?? 0) / loads[name].requests]),
  ) as Record<K, number>;
  return { loads, cpuPerRequest };
}

/** (iv): GET /users/me against the bare JSON endpoint, same clients, alternating rounds. */
export async function measureProfileRates(
  servers: { host: ChildServer; bare: ChildServer },
  users: readonly Credentials[],
  rounds: number,
  roundSeconds: number,
): Promise<ProfileRates> {
  const host = await openClients(servers.host.url, users, ownProfile);
  const bare = await openClients(servers.bare.url, users, ownProfile, false);
  const { prefix, bare: bareName } = transportOf(servers.host.url);
  const hostFigure = `${prefix}(iv) GET /users/me rate, ${users.length} clients`;
  const bareFigure = `${prefix}(c) ceiling: ${bareName} JSON endpoint`;
  await closedLoop(bare, 1, bareFigure);
  await closedLoop(host, 1, hostFigure);
  const { loads, cpuPerRequest } = await alternateWithCpu(rounds, {
    bare: { server: servers.bare, load: () => closedLoop(bare, roundSeconds, bareFigure) },
    host: { server: servers.host, load: () => closedLoop(host, roundSeconds, hostFigure) },
  });
  closeClients(host);
  closeClients(bare);
  return { ...loads, cpuPerRequest };
}

/** One pair of hosts alike but for the rate limits: started together, measured, stopped. */
export interface HostPair {
  off: ChildServer;
  on: ChildServer;
}

/** Each pair's loads: its limits-off host's and its limits-on host's, in alternating rounds. */
export type RateLimitCost = readonly { off: LoadResult; on: LoadResult }[];

/**
 * Point 10 of issue 16: GET /users/me with Zulip's rate limits on (under
 * rules too wide to refuse anyone) against the same host without them, on
 * copies of one database, the same clients, alternating rounds, in each of
 * `pairs` pairs of hosts started afresh.
 */
export async function measureRateLimitCost(
  startPair: () => Promise<HostPair>,
  users: readonly Credentials[],
  pairs: number,
  rounds: number,
  roundSeconds: number,
): Promise<RateLimitCost> {
  const onFigure = `GET /users/me with rate limits on (none refused), ${users.length} clients`;
  const offFigure = `${onFigure}: the same host, limits off`;
  const results: { off: LoadResult; on: LoadResult }[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    const hosts = await startPair();
    const off = await openClients(hosts.off.url, users, ownProfile);
    const on = await openClients(hosts.on.url, users, ownProfile);
    await closedLoop(off, 1, offFigure);
    await closedLoop(on, 1, onFigure);
    const { loads, cpuPerRequest } = await alternateWithCpu(rounds, {
      off: { server: hosts.off, load: () => closedLoop(off, roundSeconds, offFigure) },
      on: { server: hosts.on, load: () => closedLoop(on, roundSeconds, onFigure) },
    });
    results.push(loads);
    // Which host of a pair was slow, and whether it held more memory: what
    // told a host fallen into V8's pretenuring (hostHeap.ts) from noise.
    log(
      `rate limits, pair ${pair + 1} of ${pairs}: ratio ${roundRatio(loads.on, loads.off).toFixed(3)}; ` +
        `CPU a request on ${cpuPerRequest.on.toFixed(1)} µs, off ${cpuPerRequest.off.toFixed(1)} µs; ` +
        `resident on ${megabytes(hosts.on.rss())}, off ${megabytes(hosts.off.rss())}`,
    );
    closeClients(off);
    closeClients(on);
    await Promise.all([hosts.off.stop(), hosts.on.stop()]);
  }
  return results;
}
