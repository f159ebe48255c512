import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleEntry } from '../server/bundle';
import { buildGlibcMalloc } from './buildGlibcMalloc';
import { startChildServer } from '../server/childServer';
import { monotonicMicros, type Phase } from '../server/profileSummary';
import { ShortWorkload } from '../server/workload';
import { fanOutRounds } from './fanOut';
import type { EventsFigures, PhaseStall } from './figures';
import { startHostProcess } from './hostProcess';
import { PollerGroup } from './pollers';
import { barePolls, hostPolls } from './pollPaths';
import { bareProbe } from './probes';
import { registerQueues, signInEveryone } from './registration';
import { bareSender, deliveryFigure, hostSender } from './senders';
import { FAN_OUT_STREAM, setupOrg } from './setupOrg';

export interface EventsSize {
  queues: number;
  pollers: number;
  rounds: number;
  warmup: number;
}

export const fullSize: EventsSize = { queues: 10_000, pollers: 1_000, rounds: 20, warmup: 3 };

export interface MeasureOptions {
  log: (line: string) => void;
  /** Where the host writes a CPU profile, if one is wanted. */
  profileDir?: string;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since: number) => (performance.now() - since) / 1000;

// Long enough for every poll of a round to reach its server, on two shared cores.
const settleMs = (pollers: number) => Math.max(100, pollers / 2);

/** Runs the whole benchmark on a fresh organization; returns its figures and the host's phases. */
export async function measureEvents(
  size: EventsSize,
  options: MeasureOptions,
): Promise<{ figures: EventsFigures; phases: Phase[] }> {
  const { log } = options;
  const workDir = await mkdtemp(join(tmpdir(), 'hearth-bench-events-'));
  const stops: (() => Promise<void> | void)[] = [];
  const servers: { recentErrors(): string[] }[] = [];
  const phases: Phase[] = [];
  try {
    let started = performance.now();
    const org = setupOrg(workDir, size.queues, size.pollers);
    log(`${org.users.length} users set up in ${seconds(started).toFixed(1)} s`);
    const [hostScript, bareScript, glibcMalloc] = await Promise.all([
      bundleEntry('bench/events/eventsHost.ts'),
      bundleEntry('bench/events/bareLongPoll.ts'),
      buildGlibcMalloc(),
    ]);
    const nodeArgs = options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', options.profileDir] : [];
    const host = await startHostProcess(hostScript, workDir, glibcMalloc, nodeArgs);
    servers.push(host);
    stops.push(host.stop);
    const bare = await startChildServer(bareScript, [glibcMalloc], ['--expose-gc']);
    servers.push(bare);
    stops.push(bare.stop);
    const bareProcess = await bareProbe(bare.url);
    stops.push(() => bareProcess.close());

    const stalls: PhaseStall[] = [];
    const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      log(name);
      await Promise.all([host.loop(), bareProcess.loop()]);
      const begun = monotonicMicros();
      const result = await work();
      phases.push({ name, start: begun, end: monotonicMicros() });
      const [hostLoop, bareLoop] = await Promise.all([host.loop(), bareProcess.loop()]);
      stalls.push({ phase: name, host: hostLoop.maxMs, bare: bareLoop.maxMs });
      return result;
    };

    // Twice, so that the two samples without queues show how far the resident
    // size moves by itself.
    const signIn = () =>
      signInEveryone(
        host.url,
        org.users.map((user) => user.credentials),
      );
    await phase('every user signs in', signIn);
    const signedInOnce = await host.memory();
    await phase('every user signs in again', signIn);
    const signedIn = await host.memory();

    started = performance.now();
    const queueIds = await phase(`${size.queues.toLocaleString('en')} queues register`, () =>
      registerQueues(host.url, org.users),
    );
    const registerSeconds = seconds(started);
    const idle = await host.memory();
    const bareIdle = await bareProcess.memory();

    const polling = org.users.slice(0, size.pollers).map((user, index) => ({
      authorization: user.credentials.authorization,
      queueId: queueIds[index]?.[0] ?? '',
    }));
    const hostPollers = await PollerGroup.open(host.url, hostPolls(polling));
    stops.push(() => hostPollers.close());
    const barePollers = await PollerGroup.open(bare.url, barePolls(polling));
    stops.push(() => barePollers.close());
    // One server after the other, as in the rounds: both at once would share
    // two cores three ways and count the baseline's work in the host's pauses.
    await phase(`${size.pollers.toLocaleString('en')} clients start polling`, async () => {
      hostPollers.pollAll();
      await settle(settleMs(size.pollers) * 2);
      barePollers.pollAll();
      await settle(settleMs(size.pollers) * 2);
    });
    const pollingMemory = await host.memory();
    const barePolling = await bareProcess.memory();

    const figure = deliveryFigure(size.pollers);
    const toHost = await hostSender(host.url, org.sender, FAN_OUT_STREAM, figure);
    stops.push(() => toHost.close());
    const toBare = await bareSender(bare.url, figure);
    stops.push(() => toBare.close());
    log(`fan-out, ${size.warmup} + ${size.rounds} rounds each, alternating`);
    const begun = monotonicMicros();
    const fanOut = await fanOutRounds(
      { pollers: hostPollers, send: toHost.send, probe: host },
      { pollers: barePollers, send: toBare.send, probe: bareProcess },
      { ...size, settleMs: settleMs(size.pollers), timeoutMs: 30_000, figure },
    );
    phases.push({ name: 'fan-out rounds', start: begun, end: monotonicMicros() });
    const afterFanOut = await host.memory();

    const figures: EventsFigures = {
      users: org.users.length,
      queues: size.queues,
      pollers: size.pollers,
      rounds: size.rounds,
      warmup: size.warmup,
      registerSeconds,
      memory: {
        signedInOnce,
        signedIn,
        idle,
        polling: pollingMemory,
        afterFanOut,
        bareIdle,
        barePolling,
      },
      fanOut,
      stalls,
    };
    return { figures, phases };
  } catch (error) {
    if (!(error instanceof ShortWorkload)) {
      for (const server of servers) console.error(server.recentErrors().join('\n'));
    }
    throw error;
  } finally {
    for (const stop of stops.reverse()) await stop();
    await rm(workDir, { recursive: true, force: true });
  }
}
