import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions } from '../../bench/server/bundle';

// V8 keeps a script's source for as long as a function of it lives, that is,
// the host's whole bundle for the host's whole life. One character past
// Latin-1 anywhere in it (a comment esbuild keeps, a regular expression's
// literal) makes V8 hold every character in two bytes: 2 MB more of an idle
// host's memory. esbuild escapes such characters in strings, not there.
describe("the bundled host's source", () => {
  it('holds no character past Latin-1, so V8 keeps it one byte a character', async () => {
    const options = await bundleOptions('src-main/server/cli.ts', join(tmpdir(), 'cli.mjs'));
    const { outputFiles } = await build({ ...options, sourcemap: false, write: false });
    const source = outputFiles.find((file) => file.path.endsWith('.mjs'))?.text ?? '';
    expect(source.length).toBeGreaterThan(0);
    const wide: string[] = [];
    for (let index = 0; index < source.length; index++) {
      if (source.charCodeAt(index) > 0xff) wide.push(source.slice(index - 40, index + 20));
    }
    expect(wide).toEqual([]);
  });
});
