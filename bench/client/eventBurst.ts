import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openCache } from '../../src-main/client/cache/openCache';
import { plainText } from '../../src-main/client/cache/plainText';
import { sessionEventOptions } from '../../src-main/client/cache/registerState';
import { applyEvent } from '../../src-main/reducer/applyEvent';
import type { Message, QueuedEvent } from '../../src-main/wire';
import { requireAll } from '../server/workload';
import { median } from '../server/percentiles';
import { registerState, syntheticMessages, type SyntheticOrg } from './syntheticOrg';

export interface BurstFigures {
  hearthPerSecond: number;
  rawPerSecond: number;
}

// The floor: the same rows written by hand into the same two tables the cache
// keeps per message (the row and its full-text entry), one transaction.
const rawSchema = `
CREATE TABLE messages (id INTEGER PRIMARY KEY, stream_id INTEGER, topic TEXT, topic_folded TEXT,
  dm_key TEXT, sender_id INTEGER NOT NULL, flags INTEGER NOT NULL,
  has_link INTEGER NOT NULL, json TEXT NOT NULL);
CREATE VIRTUAL TABLE messages_fts USING fts5(topic, body, tokenize = 'unicode61 remove_diacritics 2');`;

/** A synthetic message as the poll that brings it gives it, the event `index` of its queue. */
export const messageEvent = ({ flags, ...message }: Message, index: number): QueuedEvent => ({
  id: index,
  type: 'message',
  message,
  flags: flags ?? [],
});

export const storedIn = (file: string): number => {
  const db = new Database(file, { readonly: true });
  const stored = db.prepare('SELECT count(*) FROM messages').pluck().get() as number;
  db.close();
  return stored;
};

/**
 * The floor's time for `messages`, in milliseconds: in one transaction, or
 * with `eachAlone` one transaction a message, as one poll at a time brings them.
 */
export function rawInserts(file: string, messages: readonly Message[], eachAlone = false): number {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(rawSchema);
  const row = db.prepare(
    'INSERT INTO messages (id, stream_id, topic, topic_folded, dm_key, sender_id, flags, has_link, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const text = db.prepare('INSERT INTO messages_fts (rowid, topic, body) VALUES (?, ?, ?)');
  const insert = (message: Message) => {
    const dm = Array.isArray(message.display_recipient)
      ? message.display_recipient.map((user) => user.id).join(',')
      : null;
    const stored: Partial<Message> = { ...message };
    delete stored.flags;
    row.run(
      message.id,
      message.stream_id ?? null,
      message.subject,
      message.subject.toLowerCase(),
      dm,
      message.sender_id,
      0,
      0,
      JSON.stringify(stored),
    );
    text.run(message.id, message.subject, plainText(message.content));
  };
  const started = performance.now();
  if (eachAlone) {
    const alone = db.transaction(insert);
    for (const message of messages) alone(message);
  } else {
    db.transaction(() => messages.forEach(insert))();
  }
  const elapsed = performance.now() - started;
  db.close();
  return elapsed;
}

/**
 * A burst of `count` message events applied as a session applies a poll's
 * answer (the shared reducer on the register state, then the cache in one
 * transaction), against the raw inserts of the same rows.
 */
export async function measureEventBurst(
  org: SyntheticOrg,
  count: number,
  rounds: number,
  figure: string,
): Promise<BurstFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'hearth-bench-burst-'));
  const hearth: number[] = [];
  const raw: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const messages = [...syntheticMessages(org, 100 + round, 1_000_001, count)];
      const events = messages.map(messageEvent);
      const hearthFile = join(dir, `hearth-${round}.sqlite3`);
      const { cache } = openCache(hearthFile, { log: () => undefined });
      let state = registerState(org);
      cache.storeRegister(state, { queueId: 'bench', lastEventId: -1 });
      const started = performance.now();
      for (const event of events) state = applyEvent(state, event, sessionEventOptions);
      cache.applyEvents(events);
      hearth.push(performance.now() - started);
      cache.close();
      const rawFile = join(dir, `raw-${round}.sqlite3`);
      raw.push(rawInserts(rawFile, messages));
      requireAll(figure, 'messages in the cache after the burst', storedIn(hearthFile), count);
      requireAll(figure, 'rows after the raw inserts', storedIn(rawFile), count);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return {
    hearthPerSecond: (count * 1000) / median(hearth),
    rawPerSecond: (count * 1000) / median(raw),
  };
}
