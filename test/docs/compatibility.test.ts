import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src-main/server/http/routes';
import { ZULIP_FEATURE_LEVEL, ZULIP_VERSION } from '../../src-main/server/version';

describe('docs/compatibility.md', () => {
  const doc = () => readFile(new URL('../../docs/compatibility.md', import.meta.url), 'utf8');

  it('states the Zulip version and feature level the server reports', async () => {
    const text = await doc();
    expect(text).toContain(`| \`zulip_version\`       | \`${ZULIP_VERSION}\` |`);
    expect(text).toContain(`| \`zulip_feature_level\` | \`${ZULIP_FEATURE_LEVEL}\` |`);
  });

  it('names the path of every endpoint the server offers', async () => {
    const text = (await doc()).replace(/\{(\w+)\}/g, ':$1');
    const missing = endpoints
      .map((endpoint) => endpoint.path)
      .filter((path) => {
        const last = path.split('/').filter(Boolean).at(-1) ?? '';
        return !text.includes(path) && !text.includes(`…/${last}`) && !text.includes(`/${last}\``);
      });
    expect(missing).toEqual([]);
  });

  it('has one row for every feature level after 7.0, each saying whether it touches the client', async () => {
    const rows = (await doc())
      .split('\n')
      .map((line) => /^\| (\d+) +\| (.*)\|$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => ({
        level: Number(match[1]),
        cells: (match[2] ?? '').split(' | ').map((cell) => cell.trim()),
      }));
    const levels = rows.map((row) => row.level);
    const newest = Math.max(...levels);
    expect(newest).toBeGreaterThanOrEqual(450);
    expect(levels).toEqual(Array.from({ length: newest - 185 }, (_, index) => 186 + index));
    for (const { level, cells } of rows) {
      expect([level, cells[1]]).toEqual([level, expect.stringMatching(/^(yes|no)/)]);
      expect([level, cells[2]]).toEqual([level, expect.stringMatching(/\S/)]);
    }
  });
});
