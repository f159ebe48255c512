import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { migrations } from '../../src-main/client/cache/migrations';
import { openCache } from '../../src-main/client/cache/openCache';
import { repoRoot } from '../server/bundle';
import { registerState, syntheticMessages, type SyntheticOrg } from './syntheticOrg';

// Generated caches are kept between runs beside the bundles, shared by every
// checkout; the name says what is in them, so a change of generator makes new
// ones. It names the schema too: opening a cache migrates it in place, and code
// of an older schema would then move the shared file aside as too new.
const cacheDir = join(repoRoot, 'node_modules', '.cache', 'hearth-bench-client');
const generatorVersion = 1;
const batch = 10_000;

/**
 * An account's cache holding `count` messages of the synthetic organization,
 * all of them a complete range, as after a long time online: generated once,
 * then reused.
 */
export async function cachedAccount(
  org: SyntheticOrg,
  seed: number,
  count: number,
  log: (line: string) => void,
): Promise<string> {
  await mkdir(cacheDir, { recursive: true });
  const name = `account-v${generatorVersion}-schema${migrations.length}-seed${seed}-${count}`;
  const file = join(cacheDir, `${name}.sqlite3`);
  if (existsSync(file)) return file;
  const started = Date.now();
  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  const { cache } = openCache(partial, { log });
  cache.storeRegister(registerState(org), { queueId: null, lastEventId: -1 });
  let messages = [];
  for (const message of syntheticMessages(org, seed, 1, count)) {
    messages.push(message);
    if (messages.length === batch) {
      cache.storeMessages(messages);
      messages = [];
    }
  }
  cache.storeMessages(messages);
  cache.recordComplete({ kind: 'all' }, { low: 0, high: count, reachesNewest: true });
  cache.close();
  for (const suffix of ['-wal', '-shm']) await rm(partial + suffix, { force: true });
  await rename(partial, file);
  log(
    `generated a cache of ${count.toLocaleString('en')} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return file;
}
