// `node --import tsx bench/client/catchUpProfile.ts [--rounds <n>]`
//
// Where a catch-up's time goes, page by page: the same host, workload and
// catchUp as bench:client's figure, with each page's request, body, parse,
// store and report timed from outside catchUp. Informative only: the timing
// itself costs a little, so the totals run a little above the bench's.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createApi } from '../../src-main/client/api';
import { openCache } from '../../src-main/client/cache/openCache';
import { catchUp } from '../../src-main/client/session/catchUp';
import { messagesResponseSchema } from '../../src-main/wire';
import { bundleEntry } from '../server/bundle';
import { log, textTable } from '../server/report';
import { endBench, requireAll } from '../server/workload';
import { catchUpFigure, catchUpHost } from './catchUpBench';
import { median } from '../server/percentiles';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
const count = 10_000;

interface PageMarks {
  asked: number;
  written: number;
  headers: number;
  body: number;
  parsed: number;
  storeStart: number;
  storeEnd: number;
  /** The time inside the cache's writes, which a page may make in slices. */
  storeBusy: number;
  reported: number;
  text: string;
}

const blank = (): PageMarks => ({
  asked: 0,
  written: 0,
  headers: 0,
  body: 0,
  parsed: 0,
  storeStart: 0,
  storeEnd: 0,
  storeBusy: 0,
  reported: 0,
  text: '',
});

/** One round's pages, each marked as it passes through the api, the cache and the report. */
async function profiledRound(
  url: string,
  credentials: { email: string; apiKey: string },
  file: string,
  before: number,
): Promise<{ pages: PageMarks[]; started: number; ended: number }> {
  const pages: PageMarks[] = [];
  // fetch (undici) says when a request's headers went to the socket.
  const written = () => {
    const marks = pages.findLast((page) => page.written === 0);
    if (marks) marks.written = performance.now();
  };
  subscribe('undici:client:sendHeaders', written);
  const timedFetch: typeof fetch = async (input, init) => {
    const marks = blank();
    pages.push(marks);
    marks.asked = performance.now();
    const response = await fetch(input, init);
    marks.headers = performance.now();
    const text = response.text.bind(response);
    response.text = async () => {
      marks.text = await text();
      marks.body = performance.now();
      return marks.text;
    };
    return response;
  };
  const api = createApi({ serverUrl: url, ...credentials }, { fetch: timedFetch });
  const getMessages = api.getMessages.bind(api);
  let asked = 0;
  api.getMessages = (request) => {
    const index = asked++;
    const answer = getMessages(request);
    void answer.then(
      () => {
        const marks = pages[index];
        if (marks) marks.parsed = performance.now();
      },
      () => undefined,
    );
    return answer;
  };
  const { cache } = openCache(file, { log: () => undefined });
  const storePage = cache.storePage.bind(cache);
  let reported = 0;
  cache.storePage = (...args) => {
    const marks = pages[reported] ?? blank();
    const started = performance.now();
    if (marks.storeStart === 0) marks.storeStart = started;
    storePage(...args);
    marks.storeEnd = performance.now();
    marks.storeBusy += marks.storeEnd - started;
  };
  let total = 0;
  const started = performance.now();
  await catchUp(api, cache, before, (_ids, all) => {
    total = all;
    const marks = pages[reported++] ?? blank();
    marks.reported = performance.now();
  });
  const ended = performance.now();
  unsubscribe('undici:client:sendHeaders', written);
  cache.close();
  requireAll(catchUpFigure(count), 'messages the profiled client stored', total, count);
  return { pages, started, ended };
}

/** JSON.parse and the schema apart, after the round, so that timing them costs the round nothing. */
function parseCosts(text: string): { json: number; schema: number } {
  const started = performance.now();
  const json: unknown = JSON.parse(text);
  const parsed = performance.now();
  messagesResponseSchema.parse(json);
  return { json: parsed - started, schema: performance.now() - parsed };
}

const columns = [
  'asked → written',
  'written → headers',
  'headers → body',
  'body → parsed',
  '  of it JSON.parse',
  '  of it schema',
  'parsed → store',
  'store',
  'turns between slices',
  'report (events to window)',
  'loop waiting on the network',
] as const;

function breakdown(round: { pages: PageMarks[]; started: number }): number[][] {
  let free = round.started;
  return round.pages.map((page) => {
    const costs = parseCosts(page.text);
    // What the loop spent blocked on the page: from when it was free again
    // (after the last report) until the body was in, less nothing of its own.
    const waiting = Math.max(0, page.body - Math.max(free, page.asked));
    free = page.reported;
    return [
      page.written - page.asked,
      page.headers - page.written,
      page.body - page.headers,
      page.parsed - page.body,
      costs.json,
      costs.schema,
      page.storeStart - page.parsed,
      page.storeBusy,
      page.storeEnd - page.storeStart - page.storeBusy,
      page.reported - page.storeEnd,
      waiting,
    ];
  });
}

async function main(): Promise<void> {
  const hostScript = await bundleEntry('src-main/server/cli.ts');
  await catchUpHost(hostScript, count, log, async ({ url, credentials, before, dataDir }) => {
    const perPage: number[][][] = [];
    const totals: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const result = await profiledRound(
        url,
        credentials,
        `${dataDir}/profile-${round}.sqlite3`,
        before,
      );
      totals.push(result.ended - result.started);
      perPage.push(breakdown(result));
    }
    const pageCount = perPage[0]?.length ?? 0;
    const cell = (page: number, column: number) =>
      median(perPage.map((round) => round[page]?.[column] ?? Number.NaN)).toFixed(2);
    const rows = Array.from({ length: pageCount }, (_, page) => [
      String(page + 1),
      ...columns.map((_, column) => cell(page, column)),
    ]);
    const sums = columns.map((_, column) =>
      median(perPage.map((round) => round.reduce((sum, page) => sum + (page[column] ?? 0), 0))),
    );
    rows.push(['all', ...sums.map((sum) => sum.toFixed(2))]);
    console.log(`\nmedian ms per page over ${rounds} rounds\n`);
    console.log(textTable(['page', ...columns], rows));
    console.log(`\nwhole catch-up, median: ${median(totals).toFixed(2)} ms\n`);
  });
}

main().catch(endBench);
