// better-sqlite3 is a native addon: the tests load it into Node, the desktop app
// into Electron, whose ABI differs. Rebuilding node_modules in place would break
// whichever side did not ask, so this builds a second copy for Electron into
// native/electron/; the app hands that file to better-sqlite3 as `nativeBinding`.
// Packaged apps need none of this: electron-builder rebuilds their own copy.
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const electronVersion = require('electron/package.json').version;
const sqliteVersion = require('better-sqlite3/package.json').version;
const target = join('native', 'electron', 'better_sqlite3.node');
const stamp = `${target}.version`;
const wanted = `electron ${electronVersion}, better-sqlite3 ${sqliteVersion}\n`;

if (existsSync(target) && existsSync(stamp) && (await readFile(stamp, 'utf8')) === wanted) {
  process.exit(0);
}

const { rebuild } = await import('@electron/rebuild');
const work = await mkdtemp(join(tmpdir(), 'hearth-native-'));
try {
  const module = join(work, 'node_modules', 'better-sqlite3');
  await writeFile(
    join(work, 'package.json'),
    JSON.stringify({
      name: 'hearth-native',
      private: true,
      dependencies: { 'better-sqlite3': sqliteVersion },
    }),
  );
  await cp(dirname(require.resolve('better-sqlite3/package.json')), module, {
    recursive: true,
    filter: (source) => basename(source) !== 'build',
  });
  console.log(`Building better-sqlite3 ${sqliteVersion} for Electron ${electronVersion}…`);
  await rebuild({
    buildPath: work,
    electronVersion,
    onlyModules: ['better-sqlite3'],
    force: true,
    buildFromSource: true,
  });
  await mkdir(dirname(target), { recursive: true });
  await copyFile(join(module, 'build', 'Release', 'better_sqlite3.node'), target);
  await writeFile(stamp, wanted);
} finally {
  await rm(work, { recursive: true, force: true });
}
