import { describe, expect, it } from 'vitest';
import { ruleMessages } from './ruleMessages';

const sizeReports = (filePath: string, code: string): Promise<string[]> =>
  ruleMessages('max-lines', filePath, code);

const script = (lines: number): string =>
  Array.from({ length: lines }, (_, index) => `export const line${index} = ${index};\n`).join('');

const component = (lines: number): string =>
  [
    '<script lang="ts">\n',
    "  const word = 'line';\n",
    '</script>\n',
    ...Array.from({ length: lines - 3 }, () => '<p>{word}</p>\n'),
  ].join('');

// A file longer than a person can hold in mind is two files.
describe('file size', () => {
  it.each([
    ['src-main/client/size.ts', script(601)],
    ['src-preload/size.ts', script(601)],
    ['src-renderer/src/components/Size.svelte', component(601)],
    ['src-renderer/src/lib/size.svelte.ts', script(601)],
    ['bench/server/size.ts', script(601)],
  ])('rejects %s at 601 lines', async (filePath, code) => {
    expect(await sizeReports(filePath, code)).toEqual([
      'File has too many lines (601). Maximum allowed is 600.',
    ]);
  });

  it('counts blank lines and comments as lines', async () => {
    const padded = `${script(1)}${'\n// why\n'.repeat(300)}`;
    expect(await sizeReports('src-main/server/size.ts', padded)).toHaveLength(1);
  });

  it.each([
    ['src-main/client/size.ts', script(600)],
    ['src-renderer/src/components/Size.svelte', component(600)],
    ['test/client/size.test.ts', script(601)],
  ])('lets %s through at its length (%#)', async (filePath, code) => {
    expect(await sizeReports(filePath, code)).toEqual([]);
  });
});
