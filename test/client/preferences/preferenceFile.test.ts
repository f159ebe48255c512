import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PreferenceFile } from '../../../src-main/client/preferences/preferenceFile';

const defaults = {
  doNotDisturb: null,
  keepInTray: false,
  startAtLogin: false,
  spellcheck: true,
  updateWhileHosting: false,
  startMinimized: false,
  showTray: true,
  flashOnMessage: false,
  spellcheckLanguages: null,
  downloadFolder: null,
  askWhereToSave: false,
  zoomFactor: 1,
  windowBounds: null,
  network: { mode: 'system' },
};

let dir: string;
const logged: string[] = [];
const log = (line: string) => logged.push(line);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hearth-preferences-'));
  logged.length = 0;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("the app's preferences file", () => {
  it('starts from the defaults and keeps a change across a reopening', async () => {
    const first = await PreferenceFile.open(dir, log);
    expect(first.values).toEqual(defaults);
    await first.change({ doNotDisturb: { until: 1_800_000_000_000 } });
    const again = await PreferenceFile.open(dir, log);
    expect(again.values.doNotDisturb).toEqual({ until: 1_800_000_000_000 });
    expect(logged).toEqual([]);
  });

  it('reads a damaged file as the defaults, keeps it beside, and writes a good one on the next change', async () => {
    const file = join(dir, 'preferences.json');
    await writeFile(file, '{"doNotDisturb": {"until": ');
    const damaged = await PreferenceFile.open(dir, log);
    expect(damaged.values).toEqual(defaults);
    const kept = (await readdir(dir)).filter((name) =>
      name.startsWith('preferences.json.corrupt-'),
    );
    expect(kept).toHaveLength(1);
    expect(await readFile(join(dir, kept[0] ?? ''), 'utf8')).toBe('{"doNotDisturb": {"until": ');
    expect(logged[0]).toMatch(/could not be read.*kept as .*preferences\.json\.corrupt-\d+/);
    await damaged.change({ doNotDisturb: { until: null } });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      ...defaults,
      doNotDisturb: { until: null },
    });
  });

  it('keeps a manual proxy as Settings › Network set it', async () => {
    const proxy = {
      mode: 'manual' as const,
      scheme: 'socks5' as const,
      host: 'proxy.corp.example',
      port: 1080,
      username: 'alice',
      bypass: ['*.corp.example'],
    };
    await (await PreferenceFile.open(dir, log)).change({ network: proxy });
    expect((await PreferenceFile.open(dir, log)).values.network).toEqual(proxy);
  });

  it('drops only a field of the wrong shape, and fills in a missing one', async () => {
    await writeFile(
      join(dir, 'preferences.json'),
      '{"doNotDisturb": "soon", "startAtLogin": true, "windowBounds": {"x": 1}, "network": {"mode": "manual", "host": "proxy"}}',
    );
    expect((await PreferenceFile.open(dir, log)).values).toEqual({
      ...defaults,
      startAtLogin: true,
    });
  });
});
