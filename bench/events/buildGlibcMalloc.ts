import { execFile } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { outDir, repoRoot } from '../server/bundle';

// Node's own headers, beside the binary for Node from nodejs.org or the npm
// registry, under /usr for Debian's (which node-gyp also builds against).
function nodeHeaders(): string {
  const candidates = [
    join(dirname(realpathSync(process.execPath)), '..', 'include', 'node'),
    '/usr/include/node',
  ];
  const found = candidates.find((dir) => existsSync(join(dir, 'node_api.h')));
  if (!found) {
    throw new Error(`no node_api.h in ${candidates.join(' or ')}: install Node's headers`);
  }
  return found;
}

/**
 * Compiles glibcMalloc.c into a Node-API addon, with the C compiler node-gyp
 * builds better-sqlite3 with, and gives its path.
 */
export async function buildGlibcMalloc(): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const addon = join(outDir, 'glibcMalloc.node');
  const source = join(repoRoot, 'bench', 'events', 'glibcMalloc.c');
  await promisify(execFile)('cc', [
    '-shared',
    '-fPIC',
    '-O2',
    '-I',
    nodeHeaders(),
    source,
    '-o',
    addon,
  ]);
  return addon;
}
