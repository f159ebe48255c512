import { describe, expect, it, vi } from 'vitest';

// Issue 37, point 2: what the main process does before Electron is ready, and
// the window it makes in an installed app. Electron cannot run here: this
// fake records what the app asks of it.
const electron = vi.hoisted(() => {
  const calls: string[] = [];
  const windows: { webPreferences: Record<string, unknown> }[] = [];
  const record =
    (name: string, answer?: unknown) =>
    (..._args: unknown[]) => {
      calls.push(name);
      return answer;
    };
  class BrowserWindow {
    readonly webContents = {
      setWindowOpenHandler: () => undefined,
      on: () => undefined,
    };
    constructor(options: { webPreferences: Record<string, unknown> }) {
      windows.push(options);
    }
    once() {}
    loadURL() {
      return Promise.resolve();
    }
  }
  return {
    calls,
    windows,
    app: {
      isPackaged: false,
      enableSandbox: record('app.enableSandbox'),
      requestSingleInstanceLock: record('app.requestSingleInstanceLock', true),
      setAsDefaultProtocolClient: record('app.setAsDefaultProtocolClient'),
      on: record('app.on'),
      quit: record('app.quit'),
      // Never ready: only what happens before is looked at.
      whenReady: () => {
        calls.push('app.whenReady');
        return new Promise(() => undefined);
      },
    },
    protocol: { registerSchemesAsPrivileged: record('protocol.registerSchemesAsPrivileged') },
    BrowserWindow,
    shell: {},
    dialog: {},
    powerMonitor: {},
    session: {},
    screen: {},
    nativeImage: {},
    Notification: function Notification() {},
    Menu: {},
    Tray: function Tray() {},
    ipcMain: {},
    net: {},
  };
});
vi.mock('electron', () => electron);

describe('the main process', () => {
  it('sandboxes every renderer before anything else asks Electron for something', async () => {
    await import('../../src-main/index');
    expect(electron.calls[0]).toBe('app.enableSandbox');
    expect(electron.calls).toContain('app.whenReady');
  });

  it('gives the window developer tools only when it is not an installed app', async () => {
    const { createMainWindow } = await import('../../src-main/desktop/windows');
    const open = () =>
      createMainWindow({
        preload: 'preload.cjs',
        appUrl: 'app://hearth/index.html',
        bounds: null,
        appearAs: 'show',
      });
    electron.app.isPackaged = true;
    open();
    electron.app.isPackaged = false;
    open();
    expect(electron.windows.map((window) => window.webPreferences.devTools)).toEqual([false, true]);
    for (const { webPreferences } of electron.windows) {
      expect(webPreferences).toMatchObject({
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
        webviewTag: false,
      });
    }
  });
});
