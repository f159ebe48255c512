import { access, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src-main/server/http/routes';
import { ZULIP_FEATURE_LEVEL, ZULIP_VERSION } from '../../src-main/server/version';

describe('docs/compatibility.md', () => {
  const doc = () => readFile(new URL('../../docs/compatibility.md', import.meta.url), 'utf8');

  it('states the Zulip version and feature level the server reports', async () => {
    const text = await doc();
    // Prettier pads the cells to the widest value.
    expect(text).toMatch(new RegExp(`\\| \`zulip_version\` +\\| \`${ZULIP_VERSION}\` +\\|`));
    expect(text).toMatch(
      new RegExp(`\\| \`zulip_feature_level\` \\| \`${ZULIP_FEATURE_LEVEL}\` +\\|`),
    );
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

  it('says, for every level up to Zulip 12.0, what the Hearth host does and which host test shows it', async () => {
    const lines = (await doc()).split('\n');
    const header = lines.find((line) => line.startsWith('| level '));
    const column = (header ?? '')
      .split('|')
      .map((cell) => cell.trim())
      .indexOf('Hearth host');
    expect(column).toBeGreaterThan(0);
    const hostCells = lines
      .map((line) => /^\| (\d+) +\|/.exec(line) && line)
      .filter((line) => typeof line === 'string')
      .map((line) => {
        const cells = line.split('|').map((cell) => cell.trim());
        return { level: Number(cells[1]), cell: cells[column] ?? '' };
      })
      .filter(({ level }) => level <= 498);
    expect(hostCells.map(({ level }) => level)).toEqual(
      Array.from({ length: 498 - 185 }, (_, index) => 186 + index),
    );
    const testFiles = /`(test\/(?:server|compat)\/[\w/.-]+\.test\.ts)`(?: › `([^`]+)`)?/g;
    for (const { level, cell } of hostCells) {
      expect([level, cell]).toEqual([
        level,
        expect.stringMatching(/^(no changes$|not offered: |as Zulip 12\b|\*\*not yet\*\*: )/),
      ]);
      // Zulip's own list of what an organization may lack: billing and plans,
      // external sign-in, and the email gateway.
      if (cell.startsWith('not offered')) {
        expect([level, cell]).toEqual([
          level,
          expect.stringMatching(/billing|plans|SAML|LDAP|social login|email gateway/),
        ]);
      }
      const cited = [...cell.matchAll(testFiles)];
      if (cell.startsWith('as Zulip 12')) expect([level, cited.length]).not.toEqual([level, 0]);
      for (const [, file = '', name] of cited) {
        const url = new URL(`../../${file}`, import.meta.url);
        await expect(access(url), `${level}: ${file}`).resolves.toBeUndefined();
        if (name !== undefined) {
          expect(await readFile(url, 'utf8'), `${level}: ${name}`).toContain(name);
        }
      }
    }
  });
});
