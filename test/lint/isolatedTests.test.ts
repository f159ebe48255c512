import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolated } from '../../vitest.config';

// zulip-js replaces the global FormData with form-data's, which every later
// multipart body in the same process then meets: a file that imports it
// and shares its process with the others broke thirteen of them once.

const root = new URL('../..', import.meta.url).pathname;

async function testFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return testFiles(path);
      return Promise.resolve(entry.name.endsWith('.test.ts') ? [path] : []);
    }),
  );
  return nested.flat();
}

// The config's patterns use only `*`, within one path segment.
const matches = (pattern: string, file: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  ).test(file);

describe('test files that change what their process sees', () => {
  it('run in a process of their own when they import zulip-js', async () => {
    const files = await testFiles(join(root, 'test'));
    const importers: string[] = [];
    for (const file of files) {
      if (/^import\b[^;]*from 'zulip-js'/m.test(await readFile(file, 'utf8'))) {
        importers.push(relative(root, file));
      }
    }
    expect(importers.length).toBeGreaterThan(0);
    const shared = importers.filter((file) => !isolated.some((pattern) => matches(pattern, file)));
    expect(shared).toEqual([]);
  });
});
