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

/** A load, and the CPU time `server` spent meanwhile. */
async function withCpu(
  server: ChildServer,
  load: () => Promise<LoadResult>,
): Promise<LoadResult & { cpuMicros: number }> {
  const before = server.cpuMicros();
  const result = await load();
  return { ...result, cpuMicros: server.cpuMicros() - before };
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
  const cpu = { host: 0, bare: 0 };
  const results = await alternate(rounds, {
    bare: async () => {
      const load = await withCpu(servers.bare, () => closedLoop(bare, roundSeconds, bareFigure));
      cpu.bare += load.cpuMicros;
      return load;
    },
    host: async () => {
      const load = await withCpu(servers.host, () => closedLoop(host, roundSeconds, hostFigure));
      cpu.host += load.cpuMicros;
      return load;
    },
  });
  closeClients(host);
  closeClients(bare);
  return {
    ...results,
    cpuPerRequest: {
      host: cpu.host / results.host.requests,
      bare: cpu.bare / results.bare.requests,
    },
  };
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
    const cpu = { off: 0, on: 0 };
    const loads = await alternate(rounds, {
      off: async () => {
        const load = await withCpu(hosts.off, () => closedLoop(off, roundSeconds, offFigure));
        cpu.off += load.cpuMicros;
        return load;
      },
      on: async () => {
        const load = await withCpu(hosts.on, () => closedLoop(on, roundSeconds, onFigure));
        cpu.on += load.cpuMicros;
        return load;
      },
    });
    results.push(loads);
    // Which host of a pair was slow, and whether it held more memory: what
    // told a host fallen into V8's pretenuring (hostHeap.ts) from noise.
    const perRequest = (micros: number, load: LoadResult) =>
      `${(micros / load.requests).toFixed(1)} µs`;
    log(
      `rate limits, pair ${pair + 1} of ${pairs}: ratio ${roundRatio(loads.on, loads.off).toFixed(3)}; ` +
        `CPU a request on ${perRequest(cpu.on, loads.on)}, off ${perRequest(cpu.off, loads.off)}; ` +
        `resident on ${megabytes(hosts.on.rss())}, off ${megabytes(hosts.off.rss())}`,
    );
    closeClients(off);
    closeClients(on);
    await Promise.all([hosts.off.stop(), hosts.on.stop()]);
  }
  return results;
}
