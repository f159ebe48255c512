// `npm run bench:compare -- --before <checkout> [--runs 3] [--benches events,client,server] [--out <dir>] [--logs-only]`
//
// Asks whether a change costs anything measurable: runs each bench in a
// checkout of the build before the change and in this one, alternating
// (after, before, before, after, …) so that both builds meet the machine's
// moods alike, then sets every figure's runs side by side (verdict.ts says how
// a figure is judged worse). Each build keeps its own temporary folder, so the
// organizations a bench caches there are its own schema's. `--logs-only`
// judges the logs already in `--out`.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { median } from '../server/percentiles';
import { log, machineLine, textTable } from '../server/report';
import { figureRows, type FigureRow } from './benchLog';
import { compareRuns, type PartComparison } from './verdict';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    runs: { type: 'string', default: '3' },
    benches: { type: 'string', default: 'events,client,server' },
    out: { type: 'string', default: 'bench-compare' },
    'logs-only': { type: 'boolean', default: false },
  },
});

const BUILDS = ['after', 'before'] as const;
type Build = (typeof BUILDS)[number];

const runs = Number(values.runs);
const benches = values.benches.split(',');
const out = resolve(values.out);
const checkouts: Record<Build, string> = {
  after: process.cwd(),
  before: resolve(values.before ?? ''),
};

const logFile = (bench: string, build: Build, run: number) =>
  join(out, `${bench}-${build}-${run}.log`);

/** after, before, before, after, after, before, …: each build runs first in every other pair. */
function order(count: number): { build: Build; run: number }[] {
  return Array.from({ length: count }, (_, pair) => {
    const first: Build = pair % 2 === 0 ? 'after' : 'before';
    const second: Build = first === 'after' ? 'before' : 'after';
    return [
      { build: first, run: pair + 1 },
      { build: second, run: pair + 1 },
    ];
  }).flat();
}

/** One `npm run bench:<bench>` in a build's checkout; a missed target is still a run with figures. */
function runBench(bench: string, build: Build, run: number): Promise<void> {
  const output = createWriteStream(logFile(bench, build, run));
  const child = spawn('npm', ['run', `bench:${bench}`], {
    cwd: checkouts[build],
    env: { ...process.env, TMPDIR: join(out, `tmp-${build}`) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(output);
  child.stderr.pipe(output);
  return new Promise((done, failed) => {
    child.on('error', failed);
    child.on('close', (code) => {
      log(`${bench}, ${build} ${run}: exit ${code}`);
      output.end(done);
    });
  });
}

async function readRuns(bench: string, build: Build): Promise<FigureRow[][]> {
  return Promise.all(
    Array.from({ length: runs }, async (_, index) => {
      const file = logFile(bench, build, index + 1);
      try {
        return figureRows(await readFile(file, 'utf8'));
      } catch (error) {
        throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
      }
    }),
  );
}

const shown = (numbers: readonly number[]) =>
  numbers.length === 0
    ? ''
    : `${+median(numbers).toFixed(2)} (${numbers.map((n) => +n.toFixed(2)).join(' ; ')})`;

function table(compared: readonly PartComparison[]): string {
  return textTable(
    ['figure', 'part', 'better', 'before: median (runs)', 'after: median (runs)', 'verdict'],
    compared.map((part) => [
      part.figure,
      part.part,
      part.direction === 'not judged' ? '' : (part.direction.split(' ')[0] ?? ''),
      shown(part.before),
      shown(part.after),
      part.verdict,
    ]),
  );
}

async function main(): Promise<void> {
  if (!values.before)
    throw new Error('--before <checkout of the build before the change> is required');
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a whole number, not ${values.runs}`);
  log(machineLine());
  await mkdir(out, { recursive: true });
  if (!values['logs-only']) {
    await Promise.all(BUILDS.map((build) => mkdir(join(out, `tmp-${build}`), { recursive: true })));
    for (const bench of benches) {
      for (const { build, run } of order(runs)) await runBench(bench, build, run);
    }
  }
  let costs = 0;
  for (const bench of benches) {
    const compared = compareRuns(await readRuns(bench, 'before'), await readRuns(bench, 'after'));
    const worseByMedian = compared.filter((part) => part.verdict.startsWith('worse'));
    const everyRun = compared.filter((part) => part.verdict === 'worse in every run');
    costs += everyRun.length;
    console.log(`\nbench:${bench}, ${runs} runs of each build\n\n${table(compared)}\n`);
    log(
      `bench:${bench}: ${compared.length} parts, ${worseByMedian.length} worse by median, ${everyRun.length} worse in every run`,
    );
  }
  const parts = costs === 1 ? '1 part' : `${costs} parts`;
  log(
    costs === 0 ? 'no figure is worse in every run' : `${parts} worse in every run: measure again`,
  );
  if (costs > 0) process.exitCode = 1;
}

await main();
