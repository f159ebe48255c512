import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrations } from '../../src-main/server/store/migrations';
import { generateOrg, MANIFEST_FILE, type OrgManifest, type OrgSize } from './generateOrg';

// The files whose text decides what the generator writes: changing any of
// them, or the schema, names a new cache entry instead of reusing a stale one.
const generatorFiles = [
  'bulkInsert.ts',
  'contentPool.ts',
  'generateOrg.ts',
  'generatorServices.ts',
  'messagePlan.ts',
  'prng.ts',
  'roster.ts',
  'rosterLookups.ts',
  'vocabulary.ts',
];

const here = dirname(fileURLToPath(import.meta.url));

async function generatorKey(seed: number, size: OrgSize): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ seed, size }));
  for (const sql of migrations) hash.update(sql);
  for (const file of generatorFiles) hash.update(await readFile(join(here, file)));
  return hash.digest('hex').slice(0, 12);
}

export interface CachedOrg {
  dataDir: string;
  manifest: OrgManifest;
  reused: boolean;
}

/**
 * A generated organization under the OS temp folder, keyed by seed, size,
 * schema and generator; generated once, then reused by later runs.
 */
export async function cachedOrg(
  seed: number,
  size: OrgSize,
  log: (line: string) => void,
): Promise<CachedOrg> {
  const key = await generatorKey(seed, size);
  const cacheRoot = join(tmpdir(), 'hearth-bench');
  const prefix = `org-seed${seed}-${size.messages}-`;
  const dataDir = join(cacheRoot, `${prefix}schema${migrations.length}-${key}`);
  const manifestPath = join(dataDir, MANIFEST_FILE);
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as OrgManifest;
    return { dataDir, manifest, reused: true };
  }
  // Generated beside its final place and renamed when complete, so an
  // interrupted run never leaves a half-written organization to reuse.
  const partial = `${dataDir}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  const manifest = await generateOrg({ dataDir: partial, seed, size, log });
  await rename(partial, dataDir);
  // Entries of older schemas or generators are never read again; each holds a
  // gigabyte at full size.
  for (const entry of await readdir(cacheRoot)) {
    if (
      entry.startsWith(prefix) &&
      join(cacheRoot, entry) !== dataDir &&
      !entry.includes('.partial-')
    ) {
      await rm(join(cacheRoot, entry), { recursive: true, force: true });
    }
  }
  return { dataDir, manifest, reused: false };
}
