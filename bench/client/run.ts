// `npm run bench:client [-- --seed <n>]`
//
// Measures the client against floors measured in the same run, and prints
// each figure beside its ratio and the target; a target not met makes
// the exit code 1 once every figure is printed.
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { bundleEntry } from '../server/bundle';
import {
  printFigures,
  log,
  machineLine,
  megabytes,
  ms,
  perSecond,
  type Row,
} from '../server/report';
import { cachedAccount } from './cacheFile';
import { catchUpFigure, measureCatchUp } from './catchUpBench';
import { runChild } from './children';
import { measureEventBurst } from './eventBurst';
import { measureLocalSearch } from './localSearch';
import { measurePollByPoll } from './pollByPoll';
import { measureSilentNeighbour, silentNeighbourFigure } from './silentNeighbour';
import { measureOfflineOpen, offlineOpenFigure } from './offlineOpen';
import { offlineProfile } from './profile';
import { syntheticOrg } from './syntheticOrg';
import { endBench, rateLimitsOff, requireAll } from '../server/workload';

const { values } = parseArgs({ options: { seed: { type: 'string', default: '1' } } });
const seed = Number(values.seed);

const OPEN_RUNS = 7;
const CATCH_UP_MESSAGES = 10_000;
const CATCH_UP_ROUNDS = 11;
const BURST_EVENTS = 1_000;
const BURST_ROUNDS = 7;
const POLLS = 1_000;
const POLL_ROUNDS = 5;
// An organization whose register state is about half a megabyte.
const POLL_PEOPLE = 2_000;
const SEARCH_QUERIES = 600;
const MEMORY_LIMIT = 150 * 1024 * 1024;
const MEMORY_ACCOUNTS = 3;
// Each round at least a couple of seconds long: 300 sends took under a
// second, and one pause of the app's own garbage collection, falling in one
// round or another, decided that round's p95 (0.87 to 1.50 over fifteen runs
// of two builds; with 1,000 sends 0.87 to 1.09 over four).
const NEIGHBOUR_SENDS = 1_000;

/** What one account costs over the bare process, in its parts: informative, beside the figure. */
function accountCost(
  hearth: { rss: number; heap: number; statements: number; rssReleased: number },
  bare: { rss: number; heap: number },
  accounts: number,
): string {
  const each = (bytes: number) => megabytes(bytes / accounts);
  const total = hearth.rss - bare.rss;
  const heap = hearth.heap - bare.heap;
  const pageCache = hearth.rss - hearth.rssReleased;
  return [
    `each account over bare Node: ${each(total)} resident`,
    `${each(heap)} JavaScript heap (state, held pages and snapshots)`,
    `${each(pageCache)} given back by SQLite's shrink_memory (little: the allocator keeps the pages it frees)`,
    `${each(total - heap - pageCache)} the rest (SQLite's page cache, schema and ${Math.round(hearth.statements / accounts)} prepared statements, native allocations)`,
  ].join('; ');
}

async function main(): Promise<void> {
  log(machineLine());
  log(rateLimitsOff("the catch-up's host and the client's figures"));
  const org = syntheticOrg(seed);
  const large = await cachedAccount(org, seed, 200_000, log);
  const medium = await cachedAccount(org, seed, 100_000, log);
  const openScript = await bundleEntry('bench/client/openChild.ts');
  const memoryScript = await bundleEntry('bench/client/memoryChild.ts');
  const hostScript = await bundleEntry('src-main/server/cli.ts');
  const rows: Row[] = [];

  log('opening the last narrow offline from a cache of 200,000 messages');
  const busiest = org.subscriptions[0]?.stream_id ?? 1;
  const open = await measureOfflineOpen(openScript, large, busiest, OPEN_RUNS);
  const openRatio = open.hearthMs / open.bareMs;
  rows.push({
    figure: offlineOpenFigure,
    value: ms(open.hearthMs),
    ceiling: `${ms(open.bareMs)} bare open + query`,
    ratio: openRatio,
    target: '≤ 3×',
    met: openRatio <= 3,
  });

  log(`catching up ${CATCH_UP_MESSAGES.toLocaleString('en')} missed messages`);
  const caught = await measureCatchUp(hostScript, CATCH_UP_MESSAGES, CATCH_UP_ROUNDS, log);
  const catchUpRatio = caught.ratio;
  rows.push({
    figure: catchUpFigure(caught.messages),
    value: ms(caught.hearthMs),
    ceiling: `${ms(caught.rawMs)} raw paged GET`,
    ratio: catchUpRatio,
    target: '≤ 1.5×',
    met: catchUpRatio <= 1.5,
  });

  log(`applying bursts of ${BURST_EVENTS.toLocaleString('en')} message events`);
  const burstFigure = `apply a burst of ${BURST_EVENTS.toLocaleString('en')} message events to state and cache`;
  const burst = await measureEventBurst(org, BURST_EVENTS, BURST_ROUNDS, burstFigure);
  const burstRatio = burst.hearthPerSecond / burst.rawPerSecond;
  rows.push({
    figure: burstFigure,
    value: perSecond(burst.hearthPerSecond),
    ceiling: `${perSecond(burst.rawPerSecond)} raw inserts`,
    ratio: burstRatio,
    target: '≥ 0.5',
    met: burstRatio >= 0.5,
  });

  log(`${SEARCH_QUERIES} one-word searches of 200,000 cached messages`);
  const searchFigure = 'one-word local search, newest 50, p99 (200,000 cached)';
  const search = measureLocalSearch(large, org.words, SEARCH_QUERIES, seed, searchFigure);
  const searchRatio = search.hearthP99 / search.rawP99;
  rows.push({
    figure: searchFigure,
    value: ms(search.hearthP99),
    ceiling: `${ms(search.rawP99)} raw FTS5`,
    ratio: searchRatio,
    target: '≤ 1.5×',
    met: searchRatio <= 1.5,
  });

  log('sends of one account beside another whose server stops answering (about a minute)');
  const neighbour = await measureSilentNeighbour(hostScript, NEIGHBOUR_SENDS, log);
  const neighbourRatio = neighbour.silentMs / neighbour.answeringMs;
  rows.push({
    figure: silentNeighbourFigure,
    value: ms(neighbour.silentMs),
    ceiling: `${ms(neighbour.answeringMs)} with it answering`,
    ratio: neighbourRatio,
    target: '≤ 1.2×',
    met: neighbourRatio <= 1.2,
  });

  log(
    `${POLLS.toLocaleString('en')} polls of one message each, ${POLL_PEOPLE.toLocaleString('en')} people in the state`,
  );
  const pollFigure = `a poll of one message to state and cache, ${POLL_PEOPLE.toLocaleString('en')} people's state`;
  const polls = await measurePollByPoll(org, POLL_PEOPLE, POLLS, POLL_ROUNDS, pollFigure);
  const pollRatio = polls.hearthMs / polls.rawMs;
  log(
    `the state of ${POLL_PEOPLE.toLocaleString('en')} people is ${megabytes(polls.stateChars)} of JSON`,
  );
  rows.push({
    figure: pollFigure,
    value: ms(polls.hearthMs),
    ceiling: `${ms(polls.rawMs)} raw insert, a transaction each`,
    ratio: pollRatio,
    target: '≤ 4×',
    met: pollRatio <= 4,
  });

  log(`resident memory with ${MEMORY_ACCOUNTS} accounts of 100,000 cached messages each`);
  const profileDir = await offlineProfile(medium, MEMORY_ACCOUNTS);
  try {
    const gc = ['--expose-gc'];
    const hearth = await runChild<{
      rss: number;
      heap: number;
      accounts: number;
      statements: number;
      rssReleased: number;
    }>(memoryScript, ['hearth', profileDir], gc);
    const bare = await runChild<{ rss: number; heap: number }>(memoryScript, ['bare'], gc);
    const memoryFigure = `resident memory of the main side, ${MEMORY_ACCOUNTS} accounts × 100,000 cached`;
    requireAll(memoryFigure, 'accounts open', hearth.accounts, MEMORY_ACCOUNTS);
    rows.push({
      figure: memoryFigure,
      value: megabytes(hearth.rss),
      ceiling: `${megabytes(bare.rss)} idle bare Node`,
      ratio: hearth.rss / MEMORY_LIMIT,
      target: '≤ 150 MB (ratio to the limit)',
      met: hearth.rss <= MEMORY_LIMIT,
    });
    log(accountCost(hearth, bare, MEMORY_ACCOUNTS));
  } finally {
    await rm(profileDir, { recursive: true, force: true });
  }

  printFigures(rows);
}

main().catch(endBench);
