import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanComponent, scanScript, type Literal } from './userTextScan';

// Issue 38, point 6: the window's words and main's notices come from the
// catalogs in locales/, so every language says all of them.

const root = new URL('../..', import.meta.url).pathname;

async function files(dir: string, pattern: RegExp): Promise<string[]> {
  const entries = await readdir(join(root, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Where main writes what a person reads: its menus, dialogs, notifications and the notices it hands the window. */
const mainText = ['src-main/desktop', 'src-main/client', 'src-main/index.ts'];
// The Bots view's sample deliveries carry another tool's words, which its real
// deliveries bring in that tool's language: they stand for it, not for Hearth.
const othersWords = new Set(['src-main/client/webhookSamples.ts']);

async function literalsIn(paths: string[], scan: (source: string) => Literal[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    for (const literal of scan(await readFile(path, 'utf8'))) {
      found.push(`${relative(root, path)}:${literal.line} ${JSON.stringify(literal.text)}`);
    }
  }
  return found;
}

describe('words a person reads', () => {
  it('are never written into a component', async () => {
    const components = await files('src-renderer', /\.svelte$/);
    expect(await literalsIn(components, scanComponent)).toEqual([]);
  });

  it("are never written into the window's scripts", async () => {
    const scripts = await files('src-renderer/src', /\.ts$/);
    expect(await literalsIn(scripts, scanScript)).toEqual([]);
  });

  it("are never written into main's menus, dialogs and notices", async () => {
    const scripts = (
      await Promise.all(
        mainText.map((path) => (path.endsWith('.ts') ? [join(root, path)] : files(path, /\.ts$/))),
      )
    )
      .flat()
      .filter((path) => !othersWords.has(relative(root, path)));
    expect(await literalsIn(scripts, scanScript)).toEqual([]);
  });

  it('are found where they hide: markup, spoken attributes, printed expressions, shown names', () => {
    const component = [
      '<script lang="ts">',
      "  const choices = [{ value: 'light', label: 'Light' }];",
      "  let error = $state('');",
      "  function fail() { error = 'Could not save.'; }",
      '</script>',
      '<p>Hello</p>',
      '<input placeholder="Your name" class="wide" />',
      "<button aria-label={busy ? 'Saving' : t('common.save')}>{t('common.save')}</button>",
      "{#if x === 'ready'}<span>{count} ·</span>{/if}",
      '<code>/me waves</code>',
    ].join('\n');
    expect(scanComponent(component).map((literal) => literal.text)).toEqual([
      'Hello',
      'Your name',
      'Saving',
      'Light',
      'Could not save.',
    ]);
  });
});
