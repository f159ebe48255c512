import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DesktopAlerts } from '../../../src-main/client/app/desktopAlerts';
import type { Notifier } from '../../../src-main/client/ports/notifier';
import { PreferenceFile } from '../../../src-main/client/preferences/preferenceFile';
import type { Alert } from '../../../src-main/client/runtime/accountAlerts';

// Issue 57, point 5: the taskbar flashes, or the dock bounces, for a message
// that notifies, when the person asked for it and is not at the window.

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const mention: Alert = {
  notice: { title: 'Bob (to #kitchen > soup)', body: '@Alice the soup is ready' },
  sound: 'ember',
  narrow: { kind: 'stream', streamId: 1, topic: 'soup' },
};

async function desktop(flashOnMessage: boolean) {
  const dir = await mkdtemp(join(tmpdir(), 'hearth-alerts-'));
  dirs.push(dir);
  const preferences = await PreferenceFile.open(dir, () => undefined);
  await preferences.change({ flashOnMessage });
  const flashes: string[] = [];
  const notifier: Notifier = {
    show() {},
    play() {},
    badge() {},
    flash: () => flashes.push('flash'),
  };
  const desk = { focused: false };
  const alerts = new DesktopAlerts({
    notifier,
    preferences,
    desktopQuiet: undefined,
    focused: () => desk.focused,
    now: () => Date.now(),
  });
  return { alerts, flashes, desk };
}

describe('flashing for a new message', () => {
  it('flashes once for what notifies while the window is in the background', async () => {
    const { alerts, flashes } = await desktop(true);
    alerts.deliver('office', [mention, mention]);
    expect(flashes).toEqual(['flash']);
    alerts.deliver('office', []);
    expect(flashes).toEqual(['flash']);
  });

  it('does not flash unless asked, nor at a focused window', async () => {
    const off = await desktop(false);
    off.alerts.deliver('office', [mention]);
    expect(off.flashes).toEqual([]);

    const on = await desktop(true);
    on.desk.focused = true;
    on.alerts.deliver('office', [mention]);
    expect(on.flashes).toEqual([]);
  });

  it('is silenced by do-not-disturb as notifications are', async () => {
    const { alerts, flashes } = await desktop(true);
    await alerts.setDoNotDisturb('hour');
    alerts.deliver('office', [mention]);
    expect(flashes).toEqual([]);
    await alerts.setDoNotDisturb('off');
    alerts.deliver('office', [mention]);
    expect(flashes).toEqual(['flash']);
  });
});
