// `npm run bench:soak [-- --minutes <n>] [--clients <n>]`
//
// Issue 16, point 10: a host serving its network over HTTPS under mixed
// traffic from 25 clients for 10 minutes, without rate limits (issue 33:
// the figures are the host's, not the limiter's; a refusal stops the soak). It
// prints whether any answer was a 5xx, whether every message reached every
// recipient's event queue exactly once and in order, and the host's resident
// memory over the run; a target not met makes the exit code 1.
//
// Issue 55, point 6: after those minutes, traffic going on, the host's disk
// fills, the host sleeps past its queues' idle time, and it is killed and
// started again (faults.ts, four minutes more); every acknowledged message
// must still reach every client once. The host's disk is a tmpfs the soak
// mounts, which takes root.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleEntry } from '../server/bundle';
import type { Credentials } from '../server/credentials';
import { trustCertificate } from '../server/httpConnection';
import { loadAverage, log, machineLine, megabytes, printFigures } from '../server/report';
import { endBench, rateLimitsOff, ShortWorkload } from '../server/workload';
import { checkDeliveries } from './deliveries';
import { bringFaults, FAULTS_LAST_MS } from './faults';
import { FaultyHost } from './faultyHost';
import { addTallies, SoakClient } from './soakClient';
import { setUpOrganization } from './setup';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    clients: { type: 'string', default: '25' },
  },
});
const minutes = Number(values.minutes);
const clientCount = Number(values.clients);
const ACTION_EVERY_MS = 1_000;
const SAMPLE_EVERY_MS = 5_000;
const DRAIN_LIMIT_MS = 60_000;
// Memory is flat when the second half's median is within this of the first
// half's. Each half spans minutes, not one: the host's resident memory climbs
// and falls back by a quarter over a collection cycle of about five minutes
// (164 → 198 → 147 MB in one run), so two single minutes compared whichever
// points of that cycle they met (1.12 in one run, 0.90 in the next, same code).
const FLAT_GROWTH = 1.1;
// The first minute is start-up: caches fill, nothing yet to compare.
const WARM_UP_MS = 60_000;
// Short enough that the host's sleep outlasts it in under a minute.
const QUEUE_IDLE_MS = 30_000;

const median = (numbers: readonly number[]): number => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main(): Promise<void> {
  log(machineLine());
  log(rateLimitsOff("the soak's figures"));
  const figure = `${clientCount} clients for ${minutes} minutes of mixed traffic over HTTPS, then ${FAULTS_LAST_MS / 60_000} more through a full disk, a sleep and a kill`;
  const hostScript = await bundleEntry('bench/soak/soakHost.ts');
  const host = await FaultyHost.start(hostScript, QUEUE_IDLE_MS);
  const clients: SoakClient[] = [];
  try {
    trustCertificate(await readFile(join(host.dataDir, 'tls', 'certificate.pem'), 'utf8'));
    const { users, stream } = await setUpOrganization(host.dataDir, clientCount, figure);
    log(`${users.length} clients over ${host.url}, #${stream.name}`);
    for (const user of users) clients.push(await SoakClient.open(host.url, user, figure));

    const samples: { at: number; rss: number }[] = [];
    const begun = Date.now();
    const sampler = setInterval(() => {
      const rss = host.rss();
      if (rss !== null) samples.push({ at: Date.now() - begun, rss });
    }, SAMPLE_EVERY_MS);
    let drainBy = Infinity;
    const expected = new Map<number, Set<number>>();
    const polls = clients.map((client) =>
      client.poll(() => {
        const wanted = expected.get(client.user.id);
        if (Date.now() > drainBy) return true;
        return wanted !== undefined && [...wanted].every((id) => client.hasReceived(id));
      }),
    );
    // A refused poll ends the soak through `acting` or below; until then its
    // rejection must not end the process without the stop's message.
    for (const poll of polls) poll.catch(() => undefined);
    const acting = Promise.all(
      clients.map((client) => client.act(stream, others(users, client.user), ACTION_EVERY_MS)),
    );
    const progress = setInterval(
      () =>
        log(`${Math.round((Date.now() - begun) / 60_000)} min, host ${megabytes(host.rss() ?? 0)}`),
      60_000,
    );
    const [sender] = users;
    if (!sender) throw new ShortWorkload(figure, 'no clients');
    const faults = bringFaults(host, clients, sender, stream.name, begun + minutes * 60_000);
    // Until it settles in the race below, a refusal must not end the process without the stop's message.
    faults.catch(() => undefined);
    let faultsBrought: Awaited<typeof faults> | undefined;
    try {
      // The actions end only once stopped, so until then `acting` can only
      // settle with a refusal, which ends the soak at once.
      await Promise.race([
        faults.then((brought) => (faultsBrought = brought)),
        acting,
        Promise.all(polls),
      ]);
    } finally {
      clearInterval(progress);
      clearInterval(sampler);
    }
    for (const client of clients) client.stop();
    await acting;
    if (!faultsBrought) throw new ShortWorkload(figure, 'the faults were not all brought');

    // Every stream message goes to every client (all are subscribed, the sender too);
    // a direct message to its sender and its recipient.
    const streamIds = [
      ...clients.flatMap((client) => client.sentToStream),
      ...faultsBrought.sentToStream,
    ];
    for (const client of clients) expected.set(client.user.id, new Set(streamIds));
    for (const client of clients) {
      for (const { id, to } of client.sentDirect) {
        expected.get(client.user.id)?.add(id);
        expected.get(to)?.add(id);
      }
    }
    drainBy = Date.now() + DRAIN_LIMIT_MS;
    await Promise.all(polls);

    const checks = clients.map((client) =>
      checkDeliveries(expected.get(client.user.id) ?? new Set(), client.arrived),
    );
    const sum = (pick: (check: (typeof checks)[number]) => number) =>
      checks.reduce((total, check) => total + pick(check), 0);
    const tally = addTallies(clients.map((client) => client.tally));
    // The plain minutes' memory: the faults after them stop the host and start it again.
    const plainMs = minutes * 60_000;
    const half = (WARM_UP_MS + plainMs) / 2;
    const firstHalf = median(
      samples.filter((s) => s.at >= WARM_UP_MS && s.at < half).map((s) => s.rss),
    );
    const secondHalf = median(
      samples.filter((s) => s.at >= half && s.at < plainMs).map((s) => s.rss),
    );
    const integrity = await host.stopAndCheck();
    const growth = firstHalf > 0 ? secondHalf / firstHalf : NaN;
    const sent = streamIds.length + clients.reduce((n, c) => n + c.sentDirect.length, 0);
    printFigures([
      { figure: 'requests answered', value: tally.requests.toLocaleString('en') },
      {
        figure: 'answers 5xx other than 507 DISK_FULL',
        value: String(tally.serverErrors),
        target: '0',
        met: tally.serverErrors === 0,
      },
      {
        figure: 'messages sent (stream / direct)',
        value: `${streamIds.length} / ${sent - streamIds.length}`,
      },
      {
        figure: 'deliveries to event queues',
        value: `${sum((c) => c.delivered).toLocaleString('en')} of ${sum((c) => c.expected).toLocaleString('en')}`,
      },
      {
        figure: 'missing / duplicated / out of order',
        value: `${sum((c) => c.missing)} / ${sum((c) => c.duplicates)} / ${sum((c) => c.outOfOrder)}`,
        target: '0 / 0 / 0',
        met: sum((c) => c.missing + c.duplicates + c.outOfOrder) === 0,
      },
      ...faultsBrought.rows,
      {
        figure: 'database integrity_check after the soak',
        value: integrity,
        target: 'ok',
        met: integrity === 'ok',
      },
      {
        figure:
          'host resident memory, first half → second half after minute 1, before the faults (medians)',
        value: `${megabytes(firstHalf)} → ${megabytes(secondHalf)}`,
        ratio: growth,
        target: `<= ${FLAT_GROWTH}`,
        met: growth <= FLAT_GROWTH,
      },
      {
        figure: 'host resident memory, lowest / highest sample',
        value: `${megabytes(Math.min(...samples.map((s) => s.rss)))} / ${megabytes(Math.max(...samples.map((s) => s.rss)))}`,
      },
    ]);
    if (tally.firstServerError) log(`first 5xx: ${tally.firstServerError}`);
    log(`load average at the end ${loadAverage()}`);
  } catch (error) {
    if (!(error instanceof ShortWorkload)) console.error(host.recentErrors().join('\n'));
    throw error;
  } finally {
    for (const client of clients) client.close();
    await host.remove();
  }
}

const others = (users: readonly Credentials[], me: Credentials) =>
  users.filter((user) => user.id !== me.id);

main().catch(endBench);
