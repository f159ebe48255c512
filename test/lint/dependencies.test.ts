import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 37, point 9: what an installed app ships is what its code imports.
// A package only tests or tools use is a development dependency, and does
// not reach users' computers.

const root = new URL('../..', import.meta.url).pathname;
const shipped = ['src-main', 'src-preload', 'src-renderer'];

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(join(root, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|svelte|mjs|js)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The package names the shipped code imports, from `import … from`, `import()` and `require()`. */
async function importedPackages(): Promise<Set<string>> {
  const names = new Set<string>();
  const files = (await Promise.all(shipped.map(sources))).flat();
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from\s+|import\(|require\()'([^'./][^']*)'/g)) {
      const parts = specifier?.split('/') ?? [];
      names.add(specifier?.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? ''));
    }
  }
  return names;
}

describe('the dependencies an installed app ships', () => {
  it('are each imported by the app itself', async () => {
    const { dependencies } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const imported = await importedPackages();
    expect(Object.keys(dependencies).filter((name) => !imported.has(name))).toEqual([]);
  });
});
