import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { figureRows } from '../../bench/compare/benchLog';
import { compareRuns } from '../../bench/compare/verdict';
import { formatTable, type Row } from '../../bench/server/report';

const run = promisify(execFile);
const compareScript = new URL('../../bench/compare/run.ts', import.meta.url).pathname;
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** What a bench prints around its table, with the table printed by the benches' own formatter. */
const benchLog = (rows: readonly Row[]) =>
  `[bench] 2 cores\n[bench] fan-out\n\n${formatTable(rows)}\n\n[bench] every target met\n`;

const delivery = (p50: number, ratio: number): Row => ({
  figure: 'delivery p50',
  value: `${p50.toFixed(2)} ms`,
  ceiling: 'bare 10.00 ms',
  ratio,
  target: '<= 1.5x bare',
  met: true,
});
const rate = (perSecond: number): Row => ({
  figure: 'register rate',
  value: `${perSecond.toLocaleString('en')}/s`,
});

describe('reading a bench log', () => {
  it('reads each number of a row with the way it gets worse', () => {
    const rows = figureRows(
      benchLog([
        { figure: 'latency p50 / p99', value: '1.31 ms / 2.47 ms', target: '<= 50 ms', met: true },
        {
          figure: 'GET /users/me rate',
          value: '33,263/s',
          ceiling: 'bare 40,489/s',
          ratio: 0.83,
          target: '>= 0.8',
          met: true,
        },
        {
          figure: 'nested member',
          value: '3,100/s',
          ceiling: 'admin 3,300/s',
          ratio: 1.06,
          target: '<= 1.2',
          met: true,
        },
        { figure: 'delivered', value: '20,000 of 20,000' },
        { figure: 'per queue', value: '1.9 KB' },
      ]),
    );
    expect(rows).toEqual([
      {
        figure: 'latency p50 / p99',
        parts: [
          { name: 'value 1', value: 1.31, direction: 'lower is better' },
          { name: 'value 2', value: 2.47, direction: 'lower is better' },
        ],
      },
      {
        figure: 'GET /users/me rate',
        parts: [
          { name: 'value', value: 33263, direction: 'higher is better' },
          { name: 'ratio', value: 0.83, direction: 'higher is better' },
        ],
      },
      {
        figure: 'nested member',
        parts: [
          { name: 'value', value: 3100, direction: 'higher is better' },
          { name: 'ratio', value: 1.06, direction: 'lower is better' },
        ],
      },
      { figure: 'delivered', parts: [{ name: 'value', value: 20000, direction: 'not judged' }] },
      { figure: 'per queue', parts: [{ name: 'value', value: 1.9, direction: 'lower is better' }] },
    ]);
  });

  it('refuses a log that ended before its table', () => {
    expect(() => figureRows('[bench] fan-out\nError: the host went away\n')).toThrow(
      /no figure table/,
    );
  });
});

describe('judging two builds', () => {
  const runsOf = (...tables: Row[][]) => tables.map((rows) => figureRows(benchLog(rows)));

  it('calls a figure a cost only when every run after is worse than every run before', () => {
    const before = runsOf([delivery(10, 1.1)], [delivery(12, 1.2)], [delivery(11, 1.15)]);
    const after = runsOf([delivery(13, 1.19)], [delivery(14, 1.25)], [delivery(12.5, 1.1)]);
    expect(compareRuns(before, after).map(({ part, verdict }) => [part, verdict])).toEqual([
      ['value', 'worse in every run'],
      ['ratio', 'worse by median, runs overlap'],
    ]);
  });

  it('reads a higher rate as better and names figures only one build printed', () => {
    const before = runsOf([rate(3000)], [rate(2400)], [rate(2500)]);
    const after = runsOf(
      [rate(2900), delivery(1, 1)],
      [rate(2600), delivery(1, 1)],
      [rate(3100), delivery(1, 1)],
    );
    const compared = compareRuns(before, after);
    expect(compared[0]).toMatchObject({
      verdict: 'not worse',
      before: [3000, 2400, 2500],
      after: [2900, 2600, 3100],
    });
    expect(compared.slice(1).map(({ verdict }) => verdict)).toEqual(['only after', 'only after']);
  });

  it('stops when a figure is missing from one run of a build', () => {
    const before = runsOf([rate(3000)], [rate(2400)]);
    const after = runsOf([rate(2900), delivery(1, 1)], [rate(2600)]);
    expect(() => compareRuns(before, after)).toThrow(
      /after: "delivery p50" \(value\) is in 1 of 2 runs/,
    );
  });
});

describe('npm run bench:compare -- --logs-only', () => {
  async function logsFolder(logs: Record<string, string>): Promise<string> {
    const out = await mkdtemp(join(tmpdir(), 'hearth-bench-compare-'));
    dirs.push(out);
    for (const [name, text] of Object.entries(logs))
      await writeFile(join(out, `${name}.log`), text);
    return out;
  }

  const judge = (out: string, runs: number) =>
    run(process.execPath, [
      '--import',
      'tsx',
      compareScript,
      ...['--before', out, '--out', out, '--benches', 'events', '--runs', String(runs)],
      '--logs-only',
    ]);

  async function compareLogs(logs: Record<string, Row[]>) {
    const texts = Object.fromEntries(
      Object.entries(logs).map(([name, rows]) => [name, benchLog(rows)]),
    );
    return judge(await logsFolder(texts), 2).then(
      ({ stdout }) => ({ stdout, code: 0 }),
      (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
    );
  }

  it('prints both builds runs side by side and exits 0 when no figure is worse in every run', async () => {
    const ended = await compareLogs({
      'events-before-1': [delivery(10, 1.1)],
      'events-before-2': [delivery(12, 1.2)],
      'events-after-1': [delivery(11, 1.0)],
      'events-after-2': [delivery(9, 1.3)],
    });
    expect(ended.code).toBe(0);
    expect(ended.stdout).toMatch(
      /delivery p50 \| value +\| lower +\| 11 \(10 ; 12\) +\| 10 \(11 ; 9\) +\| not worse/,
    );
    expect(ended.stdout).toMatch(
      /delivery p50 \| ratio +\| lower +\| 1\.15 \(1\.1 ; 1\.2\) +\| 1\.15 \(1 ; 1\.3\) +\| not worse/,
    );
    expect(ended.stdout).toContain('[bench] no figure is worse in every run');
  });

  it('exits 1 naming how many parts are worse in every run', async () => {
    const ended = await compareLogs({
      'events-before-1': [delivery(10, 1.1)],
      'events-before-2': [delivery(12, 1.2)],
      'events-after-1': [delivery(13, 1.0)],
      'events-after-2': [delivery(14, 1.3)],
    });
    expect(ended.code).toBe(1);
    expect(ended.stdout).toContain(
      'bench:events: 2 parts, 1 worse by median, 1 worse in every run',
    );
    expect(ended.stdout).toContain('[bench] 1 part worse in every run: measure again');
  });

  it('refuses to judge when a log has no table', async () => {
    const out = await logsFolder({
      'events-before-1': '[bench] STOPPED, no figure printed: 10 of 20 delivered\n',
    });
    const failed = await judge(out, 1).catch((error: { stderr: string; code: number }) => error);
    expect(failed).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/events-before-1\.log: no figure table/),
    });
  });
});
