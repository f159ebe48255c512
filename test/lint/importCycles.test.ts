import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

// The rule reads the other files of a cycle from disk, so each case writes a
// small project of its own and lints it with Hearth's config. It lives outside
// the repository, where no test that walks src-main/ meets a file that is
// about to vanish, and in a folder of its own, so no two runs share one.
const config = new URL('../../eslint.config.js', import.meta.url).pathname;
const projects: string[] = [];

afterEach(async () => {
  await Promise.all(projects.splice(0).map((path) => rm(path, { recursive: true, force: true })));
});

/** Where the rule reports a cycle in a project made of `files`, as `path:line`. */
async function cycles(files: Record<string, string>): Promise<string[]> {
  const project = await mkdtemp(join(tmpdir(), 'hearth-cycles-'));
  projects.push(project);
  await writeFile(join(project, 'package.json'), '{}\n');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(project, path)), { recursive: true });
    await writeFile(join(project, path), text);
  }
  const eslint = new ESLint({ cwd: project, overrideConfigFile: config });
  const results = await eslint.lintFiles(Object.keys(files));
  return results
    .flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === 'hearth/no-import-cycle')
        .map((message) => `${relative(project, result.filePath)}:${message.line}`),
    )
    .sort();
}

describe('import cycles', () => {
  it('are reported on each of their imports, a type-only one included', async () => {
    expect(
      await cycles({
        'src-main/client/a.ts': "import { b } from './b';\n\nexport type A = typeof b;\n",
        'src-main/client/b.ts':
          "import type { A } from './a';\n\nexport const b = 1;\nexport const isA = (value: unknown): value is A => value === b;\n",
      }),
    ).toEqual(['src-main/client/a.ts:1', 'src-main/client/b.ts:1']);
  });

  it("close through a folder's index, a runes module and a component", async () => {
    expect(
      await cycles({
        'src-main/wire/index.ts':
          "export type { default as Badge } from '../../src-renderer/src/Badge.svelte';\nexport type Unread = number;\n",
        'src-renderer/src/badge.svelte.ts':
          "import type { Unread } from '../../src-main/wire';\n\nexport const count = (): Unread => 0;\n",
        'src-renderer/src/Badge.svelte':
          '<script lang="ts">\n  import { count } from \'./badge.svelte\';\n</script>\n\n<p>{count()}</p>\n',
      }),
    ).toEqual([
      'src-main/wire/index.ts:1',
      'src-renderer/src/Badge.svelte:2',
      'src-renderer/src/badge.svelte.ts:1',
    ]);
  });

  it('are not found in imports that run one way', async () => {
    expect(
      await cycles({
        'src-main/client/a.ts': "import { b } from './b';\n\nexport const a = b;\n",
        'src-main/client/b.ts': 'export const b = 1;\n',
      }),
    ).toEqual([]);
  });

  it('are allowed between tests', async () => {
    expect(
      await cycles({
        'test/client/a.ts': "import { b } from './b';\n\nexport type A = typeof b;\n",
        'test/client/b.ts':
          "import type { A } from './a';\n\nexport type B = A;\nexport const b = 1;\n",
      }),
    ).toEqual([]);
  });
});
