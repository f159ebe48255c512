import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { openCache } from '../../src-main/client/cache/openCache';
import { summarize } from '../server/percentiles';
import { Prng } from '../server/prng';

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
  // One pass to warm both paths (page cache, statements), then the measured ones, alternated.
  for (const measured of [false, true]) {
    for (const word of sample) {
      let started = performance.now();
      cache.searchMessages([{ operator: 'search', operand: word }], 50);
      if (measured) hearth.push(performance.now() - started);
      started = performance.now();
      (raw.all(`"${word}"`) as { json: string }[]).map((row) => JSON.parse(row.json) as unknown);
      if (measured) bare.push(performance.now() - started);
    }
  }
  cache.close();
  db.close();
  return { hearthP99: summarize(hearth).p99, rawP99: summarize(bare).p99, queries };
}
