import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Sql } from '../../src-main/server/store/sql';
import { oneToOneConversationGroups } from '../../src-main/server/store/migrations/053-direct-message-groups-and-realm-deactivation';
import { BulkInserter } from './bulkInsert';
import { generatorServices } from './generatorServices';
import { buildContentPool } from './contentPool';
import { MessagePlanner } from './messagePlan';
import { Prng } from './prng';
import { createRoster, type RosterSize } from './roster';
import { rosterLookups } from './rosterLookups';
import { contentWords } from './vocabulary';

export interface OrgSize extends RosterSize {
  messages: number;
  /** Distinct message bodies, each rendered once. */
  contents: number;
  /** Distinct content words of the organization's chat. */
  words: number;
}

export const fullSize: OrgSize = {
  messages: 1_000_000,
  users: 200,
  streams: 60,
  contents: 20_000,
  words: 4_000,
};

export interface GenerateOptions {
  dataDir: string;
  seed: number;
  size: OrgSize;
  log?: (line: string) => void;
}

/** What the benchmark needs to know about a generated organization. */
export interface OrgManifest {
  seed: number;
  size: OrgSize;
  sendStream: string;
  messages: number;
  userMessages: number;
  /** Content words, most frequent first. */
  words: string[];
  /** Message bodies of the organization, for the send benchmark to post. */
  sampleContents: string[];
  generationSeconds: number;
}

export const DATABASE_FILE = 'hearth.sqlite3';
export const MANIFEST_FILE = 'manifest.json';

const BATCH = 10_000;

// A bulk load, then nothing: no journal and no fsync while writing into a
// folder that is only put in place once complete.
function openForBulk(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('cache_size = -1000000');
  db.pragma('temp_store = MEMORY');
  return db;
}

// Full-text rows are written once at the end ('rebuild'), which is faster
// than the insert trigger's row-at-a-time updates; the trigger is put back as
// the migration defined it.
function withoutFtsInsertTrigger(db: Database.Database, work: () => void): void {
  const trigger = db
    .prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'messages_fts_insert'",
    )
    .pluck()
    .get() as string | undefined;
  if (!trigger) throw new Error('the schema has no messages_fts_insert trigger');
  db.exec('DROP TRIGGER messages_fts_insert');
  work();
  db.exec("INSERT INTO messages_fts (messages_fts) VALUES ('rebuild')");
  db.exec(trigger);
}

/** Writes a seeded, repeatable organization into `dataDir` and returns its manifest. */
export async function generateOrg(options: GenerateOptions): Promise<OrgManifest> {
  const { size, seed } = options;
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  await mkdir(options.dataDir, { recursive: true });
  const path = join(options.dataDir, DATABASE_FILE);
  const prng = new Prng(seed);

  const sql = new Sql(path, { logSlow: () => undefined });
  const services = generatorServices(sql);
  const roster = createRoster(services, prng, size);
  services.queues.close();
  sql.close();
  log(
    `${roster.users.length} users, ${roster.streams.length} streams, ${roster.huddles.length} huddles`,
  );

  const words = contentWords(prng, size.words);
  const pool = buildContentPool(prng, size.contents, {
    words,
    fullNames: roster.users.map((user) => user.fullName),
    streamNames: roster.streams.map((stream) => stream.name),
    lookups: rosterLookups(roster),
  });
  log(`${pool.length} distinct contents rendered`);

  const planner = new MessagePlanner(prng, roster, pool, size.messages, words.slice(0, 400));
  const db = openForBulk(path);
  const inserter = new BulkInserter(db);
  const insertStarted = performance.now();
  withoutFtsInsertTrigger(db, () => {
    const batch = db.transaction((from: number, to: number) => {
      for (let index = from; index < to; index++) inserter.insert(planner.plan(index));
    });
    for (let from = 0; from < size.messages; from += BATCH) {
      const to = Math.min(size.messages, from + BATCH);
      batch(from, to);
      if (to % 100_000 === 0 || to === size.messages) {
        const seconds = (performance.now() - insertStarted) / 1000;
        log(
          `${to} messages, ${inserter.userMessages} user_messages rows ` +
            `(${Math.round((to + inserter.userMessages) / seconds)} rows/s)`,
        );
      }
    }
    log('rebuilding the full-text index');
  });
  // The host gives each one-to-one conversation its group as it begins.
  db.exec(oneToOneConversationGroups);
  db.pragma('journal_mode = WAL');
  db.close();

  const manifest: OrgManifest = {
    seed,
    size,
    sendStream: roster.sendStream,
    messages: size.messages,
    userMessages: inserter.userMessages,
    words,
    sampleContents: pool.slice(0, 500).map((pooled) => pooled.content),
    generationSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
  await writeFile(join(options.dataDir, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
  return manifest;
}
