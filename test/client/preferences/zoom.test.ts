import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PreferenceFile } from '../../../src-main/client/preferences/preferenceFile';
import { zoomedIn } from '../../../src-main/wire/zoomSteps';

// Issue 57, point 4: the window's zoom is this computer's preference, kept
// across restarts, and a file edited by hand cannot make the window unusable.
let dir: string;
const logged: string[] = [];
const log = (line: string) => logged.push(line);
const handWritten = (values: object) =>
  writeFile(join(dir, 'preferences.json'), JSON.stringify(values));

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hearth-zoom-'));
  logged.length = 0;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("the window's zoom, as the preferences file keeps it", () => {
  it('starts at 100% and keeps a step taken across a restart', async () => {
    const first = await PreferenceFile.open(dir, log);
    expect(first.values.zoomFactor).toBe(1);
    await first.change({ zoomFactor: zoomedIn(zoomedIn(first.values.zoomFactor)) });
    const restarted = await PreferenceFile.open(dir, log);
    expect(restarted.values.zoomFactor).toBe(1.25);
  });

  it('keeps a hand-written factor between two steps', async () => {
    await handWritten({ zoomFactor: 1.33, spellcheck: false });
    expect((await PreferenceFile.open(dir, log)).values.zoomFactor).toBe(1.33);
  });

  it('goes back to 100% from a factor outside 50% to 300%, keeping the other preferences', async () => {
    for (const zoomFactor of [0.1, 0.49, 3.5, 40, -1, 0, 'big', null]) {
      await handWritten({ zoomFactor, spellcheck: false });
      const values = (await PreferenceFile.open(dir, log)).values;
      expect(values.zoomFactor).toBe(1);
      expect(values.spellcheck).toBe(false);
    }
    expect(logged).toEqual([]);
  });
});
