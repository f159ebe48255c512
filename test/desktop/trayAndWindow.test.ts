import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppState } from '../../src-preload/bridge';
import { appPreferencesSchema } from '../../src-preload/calls/appStateCalls';
import { defaultPreferences } from '../../src-main/client/preferences/preferenceFile';

// Issue 57, points 1 and 5: the tray comes and goes with its preference, the
// window starts minimized or in the tray, closing it never hides it where
// nothing could bring it back, and a new message flashes the taskbar or
// bounces the dock. Electron cannot run here: this fake records what the
// adapters ask of it.
const electron = vi.hoisted(() => {
  type Handler = (...args: unknown[]) => void;
  class Emitting {
    readonly handlers = new Map<string, Handler[]>();
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return this;
    }
    once(event: string, handler: Handler) {
      const once: Handler = (...args) => {
        this.handlers.set(
          event,
          (this.handlers.get(event) ?? []).filter((each) => each !== once),
        );
        handler(...args);
      };
      return this.on(event, once);
    }
    emit(event: string, ...args: unknown[]) {
      for (const handler of this.handlers.get(event) ?? []) handler(...args);
    }
  }
  class Tray extends Emitting {
    destroyed = false;
    constructor() {
      super();
      trays.push(this);
    }
    destroy() {
      this.destroyed = true;
    }
    setContextMenu() {}
    setToolTip() {}
    setTitle() {}
    setImage() {}
  }
  const trays: Tray[] = [];
  class BrowserWindow extends Emitting {
    readonly calls: string[] = [];
    minimized = false;
    readonly webContents = Object.assign(new Emitting(), {
      setWindowOpenHandler: () => undefined,
      setZoomFactor: () => undefined,
      session: {
        availableSpellCheckerLanguages: [] as string[],
        setSpellCheckerEnabled: () => undefined,
        setSpellCheckerLanguages: () => undefined,
      },
    });
    loadURL() {
      return Promise.resolve();
    }
    isMinimized() {
      return this.minimized;
    }
    isMaximized() {
      return false;
    }
    getNormalBounds() {
      return { x: 0, y: 0, width: 1100, height: 760 };
    }
    show() {
      this.calls.push('show');
      this.emit('show');
    }
    hide() {
      this.calls.push('hide');
    }
    minimize() {
      this.calls.push('minimize');
      this.minimized = true;
    }
    restore() {
      this.calls.push('restore');
      this.minimized = false;
      this.emit('restore');
    }
    maximize() {
      this.calls.push('maximize');
    }
    focus() {
      this.calls.push('focus');
    }
    flashFrame(flag: boolean) {
      this.calls.push(`flashFrame(${String(flag)})`);
    }
  }
  return {
    trays,
    bounces: [] as string[],
    BrowserWindow,
    Tray,
    app: {
      isPackaged: true,
      on: () => undefined,
      getPath: (): string => '',
      getPreferredSystemLanguages: () => [] as string[],
      setLoginItemSettings: () => undefined,
      dock: { bounce: (kind: string) => electron.bounces.push(kind) },
    },
    Menu: {
      buildFromTemplate: () => ({ popup: () => undefined }),
      setApplicationMenu: () => undefined,
    },
    nativeImage: { createFromBitmap: () => ({}) },
    Notification: { isSupported: () => false },
    screen: { getAllDisplays: () => [] },
    shell: {},
  };
});
vi.mock('electron', () => electron);
type FakeWindow = InstanceType<typeof electron.BrowserWindow>;

const { attachShell } = await import('../../src-main/desktop/shell');
const { createMainWindow } = await import('../../src-main/desktop/windows');
const { electronNotifier } = await import('../../src-main/desktop/electronNotifier');

// startAtLogin writes the Linux autostart entry under appData: a folder of the test's own.
electron.app.getPath = () => mkdtempSync(join(tmpdir(), 'hearth-shell-'));

const preferences: AppState['preferences'] = appPreferencesSchema.parse(defaultPreferences);

/** The app as the shell sees it: its state, changed as the window's settings change it. */
function fakeHearth() {
  let state: AppState = {
    accounts: [],
    activeAccountId: null,
    badge: 0,
    doNotDisturb: null,
    hosting: null,
    preferences,
  };
  const listeners = new Set<(state: AppState) => void>();
  return {
    appState: () => state,
    on: (_event: 'appState', listener: (state: AppState) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    rememberWindowBounds: () => Promise.resolve(),
    change(patch: Partial<AppState['preferences']>, hosting: AppState['hosting'] = state.hosting) {
      state = { ...state, hosting, preferences: { ...state.preferences, ...patch } };
      for (const listener of listeners) listener(state);
    },
  };
}

function shellOn(hearth: ReturnType<typeof fakeHearth>) {
  const window = new electron.BrowserWindow();
  const detach = attachShell({ hearth: hearth as never, window: window as never, quit: () => {} });
  return { window, detach };
}

const liveTrays = () => electron.trays.filter((tray) => !tray.destroyed);

/** Closes the window as its close button does; true when the app would go on to quit. */
function close(window: FakeWindow): boolean {
  let prevented = false;
  window.emit('close', { preventDefault: () => (prevented = true) });
  return !prevented;
}

afterEach(() => {
  electron.trays.splice(0);
  electron.bounces.splice(0);
});

describe('the tray icon', () => {
  it('comes and goes as the tray is turned on and off, and goes with the window', () => {
    const hearth = fakeHearth();
    const { detach } = shellOn(hearth);
    expect(liveTrays()).toHaveLength(1);

    hearth.change({ showTray: false });
    expect(liveTrays()).toHaveLength(0);
    hearth.change({ showTray: false, spellcheck: false });
    expect(electron.trays).toHaveLength(1);

    hearth.change({ showTray: true });
    expect(liveTrays()).toHaveLength(1);
    expect(electron.trays).toHaveLength(2);

    detach();
    expect(liveTrays()).toHaveLength(0);
  });

  it('brings the window back when clicked', () => {
    const hearth = fakeHearth();
    const { window, detach } = shellOn(hearth);
    window.minimized = true;
    liveTrays()[0]?.emit('click');
    expect(window.calls).toEqual(['restore', 'show', 'focus']);
    detach();
  });
});

describe('closing the window', () => {
  it('hides it in the tray while the app hosts, and minimizes it when there is no tray', () => {
    const hearth = fakeHearth();
    const { window, detach } = shellOn(hearth);
    hearth.change({}, 'running');
    expect(close(window)).toBe(false);
    expect(window.calls).toEqual(['hide']);

    hearth.change({ showTray: false, keepInTray: true });
    expect(close(window)).toBe(false);
    expect(window.calls).toEqual(['hide', 'minimize']);

    hearth.change({}, null);
    expect(close(window)).toBe(true);
    expect(window.calls).toEqual(['hide', 'minimize']);
    detach();
  });
});

describe('the window as the app starts', () => {
  const open = (appearAs: 'show' | 'minimize' | 'tray', maximized = false) => {
    const window = createMainWindow({
      preload: 'preload.cjs',
      appUrl: 'app://hearth/index.html',
      bounds: { x: 10, y: 10, width: 1100, height: 760, maximized },
      appearAs,
    }) as unknown as FakeWindow;
    window.emit('ready-to-show');
    return window;
  };

  it('shows, minimizes, or waits in the tray, as asked', () => {
    expect(open('show').calls).toEqual(['show']);
    expect(open('minimize').calls).toEqual(['minimize']);
    expect(open('tray').calls).toEqual([]);
  });

  it('maximizes a window that was maximized only as it comes into sight', () => {
    expect(open('show', true).calls).toEqual(['maximize', 'show']);

    const minimized = open('minimize', true);
    expect(minimized.calls).toEqual(['minimize']);
    minimized.restore();
    expect(minimized.calls).toEqual(['minimize', 'restore', 'maximize']);

    const inTray = open('tray', true);
    expect(inTray.calls).toEqual([]);
    inTray.show();
    expect(inTray.calls).toEqual(['show', 'maximize']);
  });
});

describe('flashing for a new message', () => {
  const notifierOf = (window: FakeWindow) =>
    electronNotifier({
      page: { show() {}, play() {}, badge() {}, flash() {} },
      window: () => window as never,
      onClick: () => {},
    });
  const onPlatform = (platform: NodeJS.Platform, run: () => void) => {
    const real = process.platform;
    Object.defineProperty(process, 'platform', { value: platform });
    try {
      run();
    } finally {
      Object.defineProperty(process, 'platform', { value: real });
    }
  };

  it('flashes the taskbar button on Windows and Linux until the window gets the focus', () => {
    for (const platform of ['win32', 'linux'] as const) {
      onPlatform(platform, () => {
        const window = new electron.BrowserWindow();
        const notifier = notifierOf(window);
        notifier.flash();
        notifier.flash();
        expect(window.calls).toEqual(['flashFrame(true)']);
        window.emit('focus');
        expect(window.calls).toEqual(['flashFrame(true)', 'flashFrame(false)']);
        notifier.flash();
        expect(window.calls.at(-1)).toBe('flashFrame(true)');
      });
    }
  });

  it('bounces the dock once on macOS', () => {
    onPlatform('darwin', () => {
      const window = new electron.BrowserWindow();
      notifierOf(window).flash();
      expect(electron.bounces).toEqual(['informational']);
      expect(window.calls).toEqual([]);
    });
  });
});
