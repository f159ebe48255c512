import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchGnomeBanners } from '../../src-main/desktop/gnomeBanners';
import { eventually } from '../helpers/hearth';

// GNOME's real setting, through gsettings, kept in a settings file of this test's own.
let home: string;
const setBanners = (shown: boolean) =>
  execFileSync('gsettings', [
    'set',
    'org.gnome.desktop.notifications',
    'show-banners',
    String(shown),
  ]);

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'hearth-gsettings-'));
  process.env.GSETTINGS_BACKEND = 'keyfile';
  process.env.XDG_CONFIG_HOME = home;
});
// GSettings may still be writing there as the file ends.
afterAll(() => rm(home, { recursive: true, force: true, maxRetries: 5 }));

describe("GNOME's do-not-disturb", () => {
  it('is honoured while banners are turned off, and not once they show again', async () => {
    setBanners(true);
    const watch = watchGnomeBanners(50);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(watch.quiet()).toBe(false);
      setBanners(false);
      await eventually('the app sees banners turned off', () => watch.quiet());
      setBanners(true);
      await eventually('the app sees banners back on', () => !watch.quiet());
    } finally {
      watch.stop();
    }
  });
});
