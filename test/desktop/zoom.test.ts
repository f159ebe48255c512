import { EventEmitter } from 'node:events';
import type { BrowserWindow, MenuItemConstructorOptions } from 'electron';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachShell } from '../../src-main/desktop/shell';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { setMainLanguage } from '../../src-main/i18n/mainText';
import { removeProfile, startTestHearth, type TestHearth } from '../helpers/hearth';

// Issue 57, point 4: the View menu's zoom, its shortcuts and Ctrl+wheel set
// the window's zoom as a preference, which the window follows and a restart
// keeps. Electron cannot run here: this fake keeps the application menu the
// shell builds and answers everything else with nothing.
const electron = vi.hoisted(() => {
  const noOps = <T extends object>(known: T): T =>
    new Proxy(known, {
      get: (target, key) => (key in target ? Reflect.get(target, key) : () => undefined),
    });
  const shown: { menu: MenuItemConstructorOptions[] } = { menu: [] };
  return {
    noOps,
    shown,
    app: noOps({
      isPackaged: false,
      getPath: () => '/nonexistent/hearth-zoom-test',
      getPreferredSystemLanguages: () => [],
    }),
    Menu: {
      buildFromTemplate: (template: MenuItemConstructorOptions[]) => template,
      setApplicationMenu: (menu: MenuItemConstructorOptions[]) => (shown.menu = menu),
    },
    Tray: function Tray() {
      return noOps({});
    },
    nativeImage: noOps({}),
    screen: noOps({}),
  };
});
vi.mock('electron', () => electron);

/** A window whose page records the zoom main gives it. */
function fakeWindow() {
  const zoom: number[] = [];
  let loaded = false;
  const webContents = Object.assign(new EventEmitter(), {
    session: electron.noOps({ availableSpellCheckerLanguages: [] }),
    // As Chromium, a page not loaded yet takes no zoom.
    setZoomFactor: (factor: number) => loaded && zoom.push(factor),
  });
  const window = electron.noOps({ webContents, on: () => undefined });
  return {
    window: window as unknown as BrowserWindow,
    /** The page's zoom now: Chromium's own until main sets one. */
    zoom: () => zoom.at(-1) ?? 1,
    load: () => {
      loaded = true;
      webContents.emit('did-navigate');
    },
    wheel: (direction: 'in' | 'out') => webContents.emit('zoom-changed', {}, direction),
  };
}

const viewMenu = (label = 'View') => {
  const view = electron.shown.menu.find((menu) => menu.label === label);
  return Array.isArray(view?.submenu) ? view.submenu : [];
};
/** Does what the person does, and waits until the app has taken the change. */
const settled = (hearth: TestHearth, act: () => void) =>
  new Promise<void>((resolve) => {
    const stop = hearth.app.on('appState', () => {
      stop();
      resolve();
    });
    act();
  });
/** Presses the shortcut as the menu owning it answers it. */
const press = (hearth: TestHearth, accelerator: string) =>
  settled(hearth, () => {
    const item = viewMenu().find((entry) => entry.accelerator === accelerator);
    if (!item?.click) throw new Error(`no menu entry answers ${accelerator}`);
    (item.click as () => void)();
  });

const running: { hearth: TestHearth; detach: () => void }[] = [];
const open = async (profileDir?: string) => {
  const hearth = await startTestHearth({
    secrets: createMemorySecretStore(),
    ...(profileDir ? { profileDir } : {}),
  });
  const page = fakeWindow();
  const detach = attachShell({ hearth: hearth.app, window: page.window, quit: () => undefined });
  running.push({ hearth, detach });
  page.load();
  return { hearth, page };
};
afterEach(async () => {
  for (const { hearth, detach } of running.splice(0)) {
    detach();
    await hearth.stop();
    await removeProfile(hearth.profileDir);
  }
});

describe("the window's zoom", () => {
  it("offers Actual Size, Zoom In and Zoom Out in the View menu, with their shortcuts, in the window's language", async () => {
    await open();
    const shown = (label?: string) =>
      viewMenu(label)
        .filter((entry) => entry.visible !== false && entry.label)
        .slice(0, 3)
        .map(({ label, accelerator }) => [label, accelerator]);
    expect(shown()).toEqual([
      ['Actual Size', 'CommandOrControl+0'],
      ['Zoom In', 'CommandOrControl+='],
      ['Zoom Out', 'CommandOrControl+-'],
    ]);
    await setMainLanguage('de');
    try {
      expect(shown('Ansicht')).toEqual([
        ['Originalgröße', 'CommandOrControl+0'],
        ['Vergrößern', 'CommandOrControl+='],
        ['Verkleinern', 'CommandOrControl+-'],
      ]);
    } finally {
      await setMainLanguage('en');
    }
  });

  it('steps with Ctrl+=, Ctrl+Plus, the keypad, Ctrl+- and Ctrl+wheel, and Ctrl+0 goes back to 100%', async () => {
    const { hearth, page } = await open();
    expect(page.zoom()).toBe(1);
    await press(hearth, 'CommandOrControl+=');
    await press(hearth, 'CommandOrControl+=');
    expect(page.zoom()).toBe(1.25);
    await press(hearth, 'CommandOrControl+Plus');
    expect(page.zoom()).toBe(1.5);
    await press(hearth, 'CommandOrControl+numadd');
    expect(page.zoom()).toBe(1.75);
    await press(hearth, 'CommandOrControl+-');
    expect(page.zoom()).toBe(1.5);
    await press(hearth, 'CommandOrControl+numsub');
    expect(page.zoom()).toBe(1.25);
    await settled(hearth, () => page.wheel('out'));
    expect(page.zoom()).toBe(1.1);
    await settled(hearth, () => page.wheel('in'));
    await settled(hearth, () => page.wheel('in'));
    expect(page.zoom()).toBe(1.5);
    expect(hearth.app.appState().preferences.zoomFactor).toBe(1.5);
    await press(hearth, 'CommandOrControl+0');
    expect(page.zoom()).toBe(1);
    await press(hearth, 'CommandOrControl+-');
    await press(hearth, 'CommandOrControl+num0');
    expect(page.zoom()).toBe(1);
  });

  it('follows a zoom chosen in Settings, and stops at 50% and 300%', async () => {
    const { hearth, page } = await open();
    await hearth.app.setPreferences({ zoomFactor: 0.67 });
    expect(page.zoom()).toBe(0.67);
    await press(hearth, 'CommandOrControl+-');
    await press(hearth, 'CommandOrControl+-');
    expect(page.zoom()).toBe(0.5);
    await hearth.app.setPreferences({ zoomFactor: 2.5 });
    await press(hearth, 'CommandOrControl+=');
    await press(hearth, 'CommandOrControl+=');
    expect(page.zoom()).toBe(3);
  });

  it('opens at the zoom it had when the app quit', async () => {
    const first = await open();
    for (let step = 0; step < 3; step += 1) await press(first.hearth, 'CommandOrControl+=');
    expect(first.page.zoom()).toBe(1.5);
    const profile = first.hearth.profileDir;
    running.pop()?.detach();
    await first.hearth.stop();

    const restarted = await open(profile);
    expect(restarted.page.zoom()).toBe(1.5);
  });
});
