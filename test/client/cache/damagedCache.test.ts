import { existsSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Cache } from '../../../src-main/client/cache/accountCache';
import { checkCacheFile, nodeCheckProcess } from '../../../src-main/client/cache/cacheCheck';
import { openCache } from '../../../src-main/client/cache/openCache';
import { damagePageOf, rootPageOf } from '../../helpers/diskFaults';
import { streamMessage, tempFolder } from './fixtures';

// Issue 55, point 2: a cache damaged on disk is found when it opens, kept,
// and rebuilt; the messages waiting in it to be sent are never lost.

const at = new Date('2026-11-29T10:00:00.000Z');
const quiet = { log: () => undefined, now: () => at };
const general = { type: 'stream' as const, streamId: 1, streamName: 'general', topic: 'plans' };

/** A closed cache holding 300 messages and two unsent ones, the second on its way when it closed. */
function cacheWithUnsent(): string {
  const file = join(tempFolder(), 'account.db');
  const { cache } = openCache(file, quiet);
  cache.storeMessages(
    Array.from({ length: 300 }, (_, i) => streamMessage(i + 1, { content: `<p>note ${i}</p>` })),
  );
  cache.outbox.add({
    localId: 'first',
    destination: general,
    content: 'Lunch at one?',
    createdAt: 1,
  });
  cache.outbox.add({
    localId: 'second',
    destination: general,
    content: 'Bring cake',
    createdAt: 2,
  });
  cache.outbox.markSending('second', 3);
  cache.close();
  return file;
}

function messageCount(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM messages').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const unsent = (cache: Cache) =>
  cache.outbox
    .entries()
    .map(({ localId, content, state, attempts }) => ({ localId, content, state, attempts }));

const waiting = [
  { localId: 'first', content: 'Lunch at one?', state: 'pending', attempts: 0 },
  { localId: 'second', content: 'Bring cake', state: 'sending', attempts: 1 },
];

describe('a damaged cache', () => {
  it('is found by the whole-file check when a page of messages is overwritten, kept, and its unsent messages carried over', async () => {
    const file = cacheWithUnsent();
    expect(await checkCacheFile(file)).toBeNull();
    damagePageOf(file, 'messages');
    const damaged = readFileSync(file);
    const problem = await checkCacheFile(file);
    expect(problem).not.toBeNull();

    const { cache, rebuilt, outboxRescue } = openCache(file, { ...quiet, damage: problem ?? '' });
    expect(rebuilt?.reason).toBe('malformed');
    expect(rebuilt?.movedTo).toBe(`${file}.malformed-2026-11-29T10-00-00-000Z`);
    expect(readFileSync(rebuilt?.movedTo ?? '')).toEqual(damaged);
    expect(outboxRescue).toEqual({ carried: 2, unreadable: null });
    // The send under way is still one whose outcome is unknown: looked for before it goes again.
    expect(unsent(cache)).toEqual(waiting);
    cache.close();
    expect(await checkCacheFile(file)).toBeNull();
  });

  it('is not waited for when the account closes: the check stops at once, answering nothing', async () => {
    const file = cacheWithUnsent();
    const stop = new AbortController();
    const checking = checkCacheFile(file, nodeCheckProcess, stop.signal);
    stop.abort();
    await expect(checking).rejects.toThrow(
      'the cache check ended (stopped by SIGTERM) without an answer',
    );
    // The file was only read: it still holds, and checks whole.
    expect(await checkCacheFile(file)).toBeNull();
  });

  it('is found at open when the file was cut short', () => {
    const file = cacheWithUnsent();
    const { page, size } = rootPageOf(file, 'outbox');
    const length = statSync(file).size;
    expect(page * size).toBeLessThan(length / 2);
    truncateSync(file, Math.floor(length / 2 / size) * size);

    const { cache, rebuilt, outboxRescue } = openCache(file, quiet);
    expect(rebuilt?.reason).toBe('malformed');
    expect(statSync(rebuilt?.movedTo ?? '').size).toBeLessThan(length);
    expect(outboxRescue).toEqual({ carried: 2, unreadable: null });
    expect(unsent(cache)).toEqual(waiting);
    cache.close();
  });

  it('says that the unsent messages of a file that is not a database could not be read, and keeps it', () => {
    const file = join(tempFolder(), 'account.db');
    writeFileSync(file, Buffer.alloc(64 * 1024, 0x5a));
    const { cache, rebuilt, outboxRescue } = openCache(file, quiet);
    expect(rebuilt?.reason).toBe('not-a-database');
    expect(outboxRescue).toEqual({
      carried: 0,
      unreadable: { count: null, keptIn: rebuilt?.movedTo },
    });
    expect(existsSync(rebuilt?.movedTo ?? '')).toBe(true);
    cache.close();
  });

  it('writes an outbox row it cannot read to a file beside the cache, says so once, and sends the rest', () => {
    const file = cacheWithUnsent();
    const db = new Database(file);
    db.prepare(
      'UPDATE outbox SET destination = \'{"type": "stream"\' WHERE local_id = \'first\'',
    ).run();
    db.close();

    const { cache, rebuilt, outboxRescue } = openCache(file, quiet);
    expect(rebuilt).toBeNull();
    const keptIn = `${file}.unsent-2026-11-29T10-00-00-000Z.json`;
    expect(outboxRescue).toEqual({ carried: 0, unreadable: { count: 1, keptIn } });
    const kept = JSON.parse(readFileSync(keptIn, 'utf8')) as { localId: string; content: string }[];
    expect(kept.map(({ localId, content }) => ({ localId, content }))).toEqual([
      { localId: 'first', content: 'Lunch at one?' },
    ]);
    expect(unsent(cache)).toEqual([waiting[1]]);
    cache.close();
    // The history stays: only the row was damaged.
    expect(messageCount(file)).toBe(300);

    const again = openCache(file, quiet);
    expect(again.outboxRescue).toBeNull();
    expect(existsSync(keptIn)).toBe(true);
    again.cache.close();
  });
});
