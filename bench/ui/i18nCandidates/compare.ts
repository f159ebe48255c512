// `npm run bench:ui -- --i18n-candidates`
//
// Issue 38's choice of message-catalog library, measured: each candidate
// bundled with the same catalog and a page that formats the 300 messages a
// first view shows, loaded in Chromium 15 times, beside the same page with
// plain string lookups. Sizes are esbuild's minified output, gzipped at level
// 9. Every load must format all 300 messages, and the checked ones to their
// exact text, or the bench stops without a figure.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import { build, type Plugin } from 'esbuild';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Browser, CDPSession } from 'playwright-core';
import { launchChromium } from '../../../test/helpers/rendererPage';
import { loadAverage, log, machineLine, megabytes, ms, textTable } from '../../server/report';
import { requireAll, ShortWorkload } from '../../server/workload';
import { heapAfterGc, percentile } from '../pageProbes';
import type { Catalog } from './catalog';
import { checkedMessages, featureMessages } from './checkedMessages';
import { FIRST_VIEW, workload, type Workload } from './workload';
import type { FirstViewEntry, PageResult } from './page';

const LOADS = 15;
const pages = resolve(import.meta.dirname, 'pages');

interface Candidate {
  name: string;
  /** The page module under pages/ whose `start(catalog, firstView)` the bundle calls. */
  page: string;
  /** The packages it ships, as folders under node_modules, for the version column. */
  packages: string[];
  /** The catalog as the candidate ships it: message text, syntax trees or compiled functions. */
  catalog: 'json' | 'trees' | 'compiled';
  /** Modules the bundles take in place of others. */
  alias?: Record<string, string>;
  /** How it fits a Svelte 5 window whose state is runes. */
  svelte: string;
  /** An entry that imports what the page uses of the library and nothing else: its shipped size. */
  library: (compiledCatalog: string) => string;
}

const baseline: Candidate = {
  name: 'plain lookups (baseline)',
  page: 'plainLookup.ts',
  packages: [],
  catalog: 'json',
  svelte: '',
  library: () => '',
};

const candidates: readonly Candidate[] = [
  {
    name: 'intl-messageformat',
    page: 'intlMessageformat.ts',
    packages: ['intl-messageformat'],
    catalog: 'json',
    svelte: 'plain class; $state holds the formatter (as i18n.svelte.ts does)',
    library: () =>
      `import { IntlMessageFormat } from 'intl-messageformat';\nglobalThis.library = IntlMessageFormat;\n`,
  },
  {
    name: 'intl-messageformat, trees parsed at build (variant)',
    page: 'intlMessageformatAst.ts',
    packages: ['intl-messageformat'],
    catalog: 'trees',
    alias: {
      '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
    },
    svelte: 'as intl-messageformat; a build step turns each catalog into trees',
    library: () =>
      `import { IntlMessageFormat } from 'intl-messageformat';\nglobalThis.library = IntlMessageFormat;\n`,
  },
  {
    name: '@messageformat/core (compiled)',
    page: 'messageformatCore.ts',
    packages: ['@messageformat/core', '@messageformat/runtime'],
    catalog: 'compiled',
    svelte: 'plain functions; $state holds the catalog module; a build step per catalog',
    // The runtime is what the compiled catalog imports, which depends on what its messages use.
    library: (compiled) => {
      const imports = [...compiled.matchAll(/^import \{([^}]*)\} from ("[^"]+");$/gm)];
      return imports
        .map(
          (line, n) =>
            `import {${line[1]}} from ${line[2]} ;\nglobalThis.library${n} = {${line[1]}};\n`,
        )
        .join('');
    },
  },
  {
    name: 'svelte-i18n',
    page: 'svelteI18n.ts',
    packages: ['svelte-i18n', 'svelte-i18n/node_modules/intl-messageformat'],
    catalog: 'json',
    svelte: 'svelte/store stores ($_), not runes; a second intl-messageformat',
    library: () =>
      `import { addMessages, format, init } from 'svelte-i18n';\nglobalThis.library = { addMessages, format, init };\n`,
  },
  {
    name: 'i18next + i18next-icu',
    page: 'i18nextIcu.ts',
    packages: ['i18next', 'i18next-icu', 'intl-messageformat'],
    catalog: 'json',
    svelte: 'framework-free instance, change events; no Svelte binding',
    library: () =>
      `import i18next from 'i18next';\nimport ICU from 'i18next-icu';\nglobalThis.library = { i18next, ICU };\n`,
  },
];

function version(folder: string): string {
  const manifest = JSON.parse(readFileSync(`node_modules/${folder}/package.json`, 'utf8')) as {
    name: string;
    version: string;
  };
  return `${manifest.name} ${manifest.version}`;
}

/** A module the bundles import by a `bench:` name. */
interface Module {
  contents: string;
  loader: 'js' | 'json';
}

/** The catalog as a candidate's page imports it: JSON, as the window's build ships a catalog, or compiled. */
function catalogModule(candidate: Candidate, catalog: Catalog): Module {
  if (candidate.catalog === 'compiled') {
    return { contents: compileModule(new MessageFormat('en'), catalog), loader: 'js' };
  }
  if (candidate.catalog === 'trees') {
    const trees = Object.fromEntries(
      Object.entries(catalog).map(([key, source]) => [
        key,
        new IntlMessageFormat(source, 'en').getAst(),
      ]),
    );
    return { contents: JSON.stringify(trees), loader: 'json' };
  }
  return { contents: JSON.stringify(catalog), loader: 'json' };
}

function benchModules(modules: Readonly<Record<string, Module>>): Plugin {
  return {
    name: 'bench-modules',
    setup(plugin) {
      plugin.onResolve({ filter: /^bench:/ }, (args) => ({ path: args.path, namespace: 'bench' }));
      plugin.onLoad({ filter: /.*/, namespace: 'bench' }, (args) => ({
        ...(modules[args.path] ?? { contents: '', loader: 'js' }),
        resolveDir: process.cwd(),
      }));
    },
  };
}

interface Bundled {
  code: string;
  minified: number;
  gzipped: number;
}

async function bundle(
  entry: string,
  modules: Readonly<Record<string, Module>>,
  { external = [], alias = {} }: { external?: string[]; alias?: Record<string, string> } = {},
): Promise<Bundled> {
  const result = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2023',
    define: { 'process.env.NODE_ENV': '"production"' },
    external,
    alias,
    logLevel: 'error',
    plugins: [benchModules(modules)],
  });
  const code = result.outputFiles[0]?.text ?? '';
  return {
    code,
    minified: Buffer.byteLength(code),
    gzipped: gzipSync(code, { level: 9 }).length,
  };
}

// The window already ships Svelte: a candidate's size counts only what it adds.
const alreadyShipped = ['svelte', 'svelte/*'];

interface Size {
  minified: number;
  gzipped: number;
}

interface Built {
  candidate: Candidate;
  page: Bundled;
  /** What the page imports of the library, bundled alone, less an empty bundle. */
  library: Size;
  /** The catalog as this candidate ships it, less an empty bundle (and less the runtime, for a compiled one). */
  catalog: Size;
}

const less = (a: Size, b: Size): Size => ({
  minified: a.minified - b.minified,
  gzipped: a.gzipped - b.gzipped,
});

async function buildCandidate(candidate: Candidate, work: Workload, empty: Size): Promise<Built> {
  const catalog = catalogModule(candidate, work.catalog);
  const modules: Record<string, Module> = {
    'bench:catalog': catalog,
    'bench:first-view': { contents: JSON.stringify(work.firstView), loader: 'json' },
  };
  const entry =
    `import { start } from ${JSON.stringify(join(pages, candidate.page))};\n` +
    `import catalog from 'bench:catalog';\nimport firstView from 'bench:first-view';\n` +
    `start(catalog, firstView);\n`;
  const libraryEntry = candidate.library(catalog.contents);
  const alias = candidate.alias ?? {};
  const library = libraryEntry
    ? less(await bundle(libraryEntry, modules, { external: alreadyShipped, alias }), empty)
    : { minified: 0, gzipped: 0 };
  const catalogAlone = less(
    await bundle(`import catalog from 'bench:catalog';\nglobalThis.catalog = catalog;\n`, modules),
    empty,
  );
  return {
    candidate,
    page: await bundle(entry, modules, { alias }),
    library,
    catalog: candidate.catalog === 'compiled' ? less(catalogAlone, library) : catalogAlone,
  };
}

/** The pages at `/<index>/`, their bundles beside them, and a blank page at `/blank`. */
function serve(built: readonly Built[]): Promise<{ server: Server; origin: string }> {
  const head =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">';
  const html = `${head}<title>first view</title></head><body><script src="bundle.js"></script></body></html>`;
  const server = createServer((request, response) => {
    const match = /^\/(\d+)\/(bundle\.js)?$/.exec(request.url ?? '');
    const page = match ? built[Number(match[1])] : undefined;
    const body =
      request.url === '/blank'
        ? `${head}</head></html>`
        : match?.[2]
          ? page?.page.code
          : page && html;
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, {
        'content-type': match?.[2] ? 'text/javascript' : 'text/html',
        'cache-control': 'no-store',
      })
      .end(body);
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      done({ server, origin: `http://127.0.0.1:${port}` });
    }),
  );
}

interface Load {
  loadToFormatted: number;
  /** CPU time of the page's main thread from navigation to the first view formatted, all tasks. */
  mainThreadCpu: number;
  /** The part of it spent compiling and running script. */
  scriptCpu: number;
  heap: number;
  outputs: string[];
  features: string[];
}

const featureEntries: FirstViewEntry[] = featureMessages.map((message) => ({
  key: message.key,
  ...(message.values ? { values: message.values } : {}),
  tags: [...message.source.matchAll(/<(\w+)>/g)].map((tag) => tag[1] ?? ''),
}));

async function cpuTimes(session: CDPSession): Promise<{ thread: number; script: number }> {
  const { metrics } = await session.send('Performance.getMetrics');
  const seconds = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? NaN;
  return { thread: seconds('ThreadTime') * 1000, script: seconds('ScriptDuration') * 1000 };
}

/**
 * One cold load in a fresh context (no HTTP or code cache), read back once
 * the page has formatted its first view. Beside the wall-clock time it takes
 * the renderer's main-thread CPU time, which other work on a busy machine
 * does not inflate: the page first opens a blank document on the same
 * origin so that both readings come from the renderer that loads the page.
 */
async function load(browser: Browser, origin: string, path: string, name: string): Promise<Load> {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (entry) => {
      if (entry.type() === 'error' || entry.type() === 'warning') errors.push(entry.text());
    });
    await page.goto(`${origin}/blank`);
    const session = await context.newCDPSession(page);
    // Durations in the main thread's CPU time rather than the wall clock's.
    await session.send('Performance.enable', { timeDomain: 'threadTicks' });
    const before = await cpuTimes(session);
    await page.goto(`${origin}${path}`);
    const result = await page
      .waitForFunction(() => globalThis.i18nBench !== undefined, undefined, { timeout: 10_000 })
      .then(async () => {
        const after = await cpuTimes(session);
        const read = await page.evaluate((features) => {
          const bench = globalThis.i18nBench as PageResult;
          return {
            formatted: bench.formatted,
            loadToFormatted: bench.loadToFormatted,
            outputs: bench.outputs,
            features: bench.formatEach(features, true),
          };
        }, featureEntries);
        return {
          ...read,
          mainThreadCpu: after.thread - before.thread,
          scriptCpu: after.script - before.script,
        };
      })
      .catch((error: unknown) => {
        throw new Error(
          `${name}: the page did not format its first view (${errors.join('; ') || String(error)})`,
        );
      });
    if (errors.length > 0) throw new Error(`${name}: the page reported ${errors.join('; ')}`);
    requireAll(
      `${name}: load to formatted`,
      'first-view messages formatted',
      result.formatted,
      FIRST_VIEW,
    );
    return {
      loadToFormatted: result.loadToFormatted,
      mainThreadCpu: result.mainThreadCpu,
      scriptCpu: result.scriptCpu,
      outputs: result.outputs,
      features: result.features,
      heap: await heapAfterGc(session),
    };
  } finally {
    await context.close();
  }
}

// Chromium formats times with a narrow no-break space; the expected text has a plain one.
const sameText = (a: string, b: string) => a.replace(/\s/g, ' ') === b.replace(/\s/g, ' ');

/** Stops the bench unless the checked messages came out as expected: the baseline shows their source. */
function checkOutputs(name: string, outputs: readonly string[], isBaseline: boolean): void {
  checkedMessages.forEach((message, index) => {
    const expected = isBaseline ? message.source : message.expected;
    const actual = outputs[index] ?? '';
    if (!sameText(actual, expected)) {
      throw new ShortWorkload(
        `${name}: load to formatted`,
        `${message.key} came out as ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`,
      );
    }
  });
}

/** The messages a candidate formats as the first candidate does: they should all agree. */
function agreement(outputs: readonly string[], reference: readonly string[]): string {
  const differing = outputs.flatMap((text, index) =>
    sameText(text, reference[index] ?? '') ? [] : [index],
  );
  if (differing.length === 0) return `${outputs.length}/${outputs.length}`;
  const first = differing[0] ?? 0;
  return `${outputs.length - differing.length}/${outputs.length} (e.g. ${JSON.stringify(outputs[first])} for ${JSON.stringify(reference[first])})`;
}

/** What messageformat 4 makes of MessageFormat 1 text: it parses MessageFormat 2 only. */
async function probeMessageformat4(): Promise<string> {
  const { MessageFormat: MessageFormat2 } = await import('messageformat');
  const said = (source: string, values: Record<string, unknown>): string => {
    try {
      return JSON.stringify(new MessageFormat2('en', source).format(values));
    } catch (error) {
      return `throws ${(error as Error).constructor.name}: ${(error as Error).message}`;
    }
  };
  const plural = checkedMessages[1];
  return (
    `${version('messageformat')} (MessageFormat 2) excluded: it does not parse ICU MessageFormat 1. ` +
    `"{name} is typing…" gives ${said('{name} is typing…', { name: 'Bea' })} ` +
    `(a literal in MF2, the value is not put in); the plural ${plural ? said(plural.source, { count: 2 }) : ''}`
  );
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const times = (value: number, base: number) => `${(value / base).toFixed(2)}×`;
const median = (values: readonly number[]) => percentile(values, 0.5);
const p90 = (values: readonly number[]) => percentile(values, 0.9);

export async function compareI18nCandidates(): Promise<void> {
  log(machineLine());
  const work = await workload();
  log(`catalog: ${work.origin}; first view: ${work.firstView.length} messages with values`);
  log(await probeMessageformat4());

  const everyPage = [baseline, ...candidates];
  log('bundling each candidate with esbuild (minified)');
  const empty = await bundle('globalThis.library = {};\n', {});
  const built = await Promise.all(
    everyPage.map((candidate) => buildCandidate(candidate, work, empty)),
  );
  const base = built[0] as Built;

  const { server, origin } = await serve(built);
  const browser = await launchChromium();
  const loads = everyPage.map((): Load[] => []);
  try {
    log(`${LOADS} cold loads of each page, in turn, after one unmeasured round`);
    for (let round = -1; round < LOADS; round++) {
      for (let turn = 0; turn < everyPage.length; turn++) {
        // A different page goes first each round, so no page always follows the same one.
        const index = (turn + Math.max(round, 0)) % everyPage.length;
        const candidate = everyPage[index] as Candidate;
        const measured = await load(browser, origin, `/${index}/`, candidate.name);
        checkOutputs(candidate.name, measured.outputs, candidate === baseline);
        if (round >= 0) loads[index]?.push(measured);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }

  loads.forEach((runs, index) =>
    requireAll(`${everyPage[index]?.name}: load to formatted`, 'loads', runs.length, LOADS),
  );
  const baseLoads = loads[0] ?? [];
  /** A figure over a page's loads, and its ratio to the same figure of the baseline's. */
  const figure = (
    runs: readonly Load[],
    of: (load: Load) => number,
    statistic: (values: readonly number[]) => number,
    unit: (value: number) => string,
  ): string => {
    const value = statistic(runs.map(of));
    return `${unit(value)} ${times(value, statistic(baseLoads.map(of)))}`;
  };
  const reference = loads[1]?.[0]?.outputs ?? [];
  const rows = everyPage.map((candidate, index) => {
    const runs = loads[index] ?? [];
    const sizes = built[index] as Built;
    const isBase = candidate === baseline;
    return {
      candidate,
      sizes,
      load: median(runs.map((run) => run.loadToFormatted)),
      cpu: median(runs.map((run) => run.mainThreadCpu)),
      cells: [
        candidate.name,
        isBase ? '—' : kB(sizes.library.minified),
        isBase ? '—' : kB(sizes.library.gzipped),
        kB(sizes.catalog.gzipped),
        `${kB(sizes.page.gzipped)} ${times(sizes.page.gzipped, base.page.gzipped)}`,
        figure(runs, (run) => run.loadToFormatted, median, ms),
        figure(runs, (run) => run.loadToFormatted, p90, ms),
        figure(runs, (run) => run.mainThreadCpu, median, ms),
        figure(runs, (run) => run.scriptCpu, median, ms),
        figure(runs, (run) => run.heap, median, megabytes),
        isBase ? '—' : agreement(runs[0]?.outputs ?? [], reference),
      ],
      features: runs[0]?.features ?? [],
    };
  });

  console.log(
    `\n${textTable(
      [
        'page',
        'library min',
        'library min+gz',
        'catalog min+gz',
        'page min+gz',
        `load → ${FIRST_VIEW} formatted, median`,
        'p90',
        'main-thread CPU, median',
        'script CPU, median',
        'heap after GC, median',
        'output as intl-messageformat',
      ],
      rows.map((row) => row.cells),
    )}\n`,
  );
  console.log(
    `${textTable(
      ['candidate', 'versions', ...featureMessages.map((message) => message.feature), 'Svelte 5'],
      rows
        .filter((row) => row.candidate !== baseline)
        .map((row) => [
          row.candidate.name,
          row.candidate.packages.map(version).join(', '),
          ...featureMessages.map((message, index) =>
            sameText(row.features[index] ?? '', message.expected)
              ? 'yes'
              : `NO: ${JSON.stringify(row.features[index])}`,
          ),
          row.candidate.svelte,
        ]),
    )}\n`,
  );
  const ranked = rows.filter((row) => row.candidate !== baseline);
  const first = (by: (row: (typeof ranked)[number]) => number) =>
    [...ranked].sort((a, b) => by(a) - by(b))[0]?.candidate.name;
  log(
    `${LOADS} cold loads each, ${FIRST_VIEW} messages formatted and checked in every one; ` +
      'ratios are to the baseline in this run. Library: what the page imports of it, bundled ' +
      'alone (Svelte not counted: the window ships it). Catalog: the catalog alone as the ' +
      'candidate ships it. CPU: the renderer main thread from navigation to formatted.',
  );
  log(`load average at the end: ${loadAverage()}`);
  log(
    `smallest library: ${first((row) => row.sizes.library.gzipped)}; least main-thread CPU to ` +
      `the first view: ${first((row) => row.cpu)}; quickest load: ${first((row) => row.load)}`,
  );
}
