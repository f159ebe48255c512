import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { openCache } from '../../src-main/client/cache/openCache';
import { summarize } from '../server/percentiles';
import { Prng } from '../server/prng';
import { requireAll } from '../server/workload';

export interface SearchFigures {
  hearthP99: number;
  rawP99: number;
  queries: number;
}

/**
 * One-word searches of the cache, newest 50, through the cache's search (which
 * parses the narrow, builds a safe FTS5 query and reads the messages) against
 * the raw FTS5 query joined to the same rows on the same file, their JSON parsed.
 */
export function measureLocalSearch(
  file: string,
  words: readonly string[],
  queries: number,
  seed: number,
  figure: string,
): SearchFigures {
  const { cache } = openCache(file, { log: () => undefined });
  const db = new Database(file, { readonly: true });
  const raw = db.prepare(
    `SELECT m.id, m.json, m.flags FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid
     WHERE messages_fts MATCH ? ORDER BY messages_fts.rowid DESC LIMIT 50`,
  );
  const prng = new Prng(seed);
  const sample = Array.from({ length: queries }, () => prng.pick(words));
  const hearth: number[] = [];
  const bare: number[] = [];
  const viaCache = (word: string) =>
    cache.searchMessages([{ operator: 'search', operand: word }], 50).messages;
  const viaRaw = (word: string) =>
    (raw.all(`"${word}"`) as { json: string }[]).map((row) => JSON.parse(row.json) as unknown);
  // Both paths must find the same number of messages for a word, the newest
  // 50 or every match when there are fewer: otherwise they did different work.
  const found = new Map<string, number>();
  const timed = (search: (word: string) => unknown[], word: string, into: number[] | null) => {
    const started = performance.now();
    const messages = search(word);
    into?.push(performance.now() - started);
    const other = found.get(word);
    if (other === undefined) found.set(word, messages.length);
    else requireAll(figure, `messages found for '${word}'`, messages.length, other);
  };
  // One pass to warm both paths (page cache, statements), then the measured
  // ones; which path goes first alternates, since the first to read a word's
  // pages pays for bringing them in.
  for (const measured of [false, true]) {
    sample.forEach((word, index) => {
      const [first, second] = index % 2 === 0 ? [viaCache, viaRaw] : [viaRaw, viaCache];
      timed(first, word, measured ? (first === viaCache ? hearth : bare) : null);
      timed(second, word, measured ? (second === viaCache ? hearth : bare) : null);
    });
  }
  cache.close();
  db.close();
  return { hearthP99: summarize(hearth).p99, rawP99: summarize(bare).p99, queries };
}
