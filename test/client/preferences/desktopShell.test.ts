import { describe, expect, it } from 'vitest';
import {
  closeAction,
  restoredBounds,
  startWindow,
  trayMenu,
  trayTooltip,
} from '../../../src-main/client/preferences/desktopShell';
import type { AccountSummary, AppState } from '../../../src-preload/bridge';
import { appPreferencesSchema } from '../../../src-preload/calls/appStateCalls';
import { defaultPreferences } from '../../../src-main/client/preferences/preferenceFile';

const account = (id: string, realmName: string, unreadCount: number): AccountSummary => ({
  id,
  serverUrl: `https://${id}.example`,
  email: `me@${id}.example`,
  realmName,
  realmIcon: null,
  hosted: false,
  unreadCount,
  connection: {
    state: 'connected',
    offlineSince: null,
    notAnswering: false,
    lastSyncAt: null,
    caughtUp: null,
    warning: null,
    problem: null,
  },
  keyInMemoryOnly: false,
  needsSignIn: false,
  storage: null,
});

const state = (patch: Partial<AppState> = {}): AppState => ({
  accounts: [account('office', 'Office', 3), account('club', 'Chess club', 0)],
  activeAccountId: 'office',
  badge: 3,
  doNotDisturb: null,
  hosting: null,
  preferences: appPreferencesSchema.parse(defaultPreferences),
  ...patch,
});

const withPreferences = (
  patch: Partial<AppState['preferences']>,
  statePatch: Partial<AppState> = {},
): AppState => {
  const base = state(statePatch);
  return { ...base, preferences: { ...base.preferences, ...patch } };
};

describe('the tray', () => {
  it('lists the accounts with their unread counts, do-not-disturb and Quit', () => {
    expect(trayMenu(state())).toEqual([
      { kind: 'show' },
      {
        kind: 'account',
        accountId: 'office',
        label: 'Office — me@office.example (3)',
        active: true,
      },
      { kind: 'account', accountId: 'club', label: 'Chess club — me@club.example', active: false },
      { kind: 'separator' },
      { kind: 'doNotDisturb', label: 'Do not disturb for 1 hour', choice: 'hour' },
      { kind: 'doNotDisturb', label: 'Do not disturb until tomorrow 8:00', choice: 'tomorrow' },
      { kind: 'doNotDisturb', label: 'Do not disturb until turned off', choice: 'untilOff' },
      { kind: 'separator' },
      { kind: 'quit' },
    ]);
  });

  it('offers to end do-not-disturb while it is on, and shows the hosting status of an app that hosts', () => {
    const menu = trayMenu(state({ doNotDisturb: { until: null }, hosting: 'running' }));
    expect(menu.filter((item) => item.kind === 'doNotDisturb')).toEqual([
      { kind: 'doNotDisturb', label: 'Turn notifications back on', choice: 'off' },
    ]);
    expect(menu).toContainEqual({
      kind: 'status',
      label: "This computer's organization: running",
    });
    expect(trayMenu(state({ hosting: 'stopped' }))).toContainEqual({
      kind: 'status',
      label: "This computer's organization: stopped",
    });
  });

  it('says the unread count and do-not-disturb in its tooltip', () => {
    expect(trayTooltip(state())).toBe('Hearth — 3 unread');
    expect(trayTooltip(state({ badge: 0, doNotDisturb: { until: 1 } }))).toBe(
      'Hearth — do not disturb',
    );
  });
});

describe('closing the window', () => {
  it('keeps the app in the tray while it hosts or when asked, and quits otherwise', () => {
    expect(closeAction(state())).toBe('quit');
    expect(closeAction(state({ hosting: 'running' }))).toBe('hide');
    expect(closeAction(state({ hosting: 'stopped' }))).toBe('hide');
    expect(closeAction(withPreferences({ keepInTray: true }))).toBe('hide');
  });

  it('minimizes an app that hosts when there is no tray to find it in, and otherwise quits', () => {
    const noTray = { showTray: false, keepInTray: true };
    expect(closeAction(withPreferences(noTray, { hosting: 'running' }))).toBe('minimize');
    expect(closeAction(withPreferences(noTray))).toBe('quit');
  });
});

describe('starting the app', () => {
  it('shows the window unless asked to start minimized or started at login', () => {
    expect(startWindow(state().preferences, false)).toBe('show');
  });

  it('starts in the tray when asked or at login, and minimized when there is no tray', () => {
    const minimized = withPreferences({ startMinimized: true }).preferences;
    expect(startWindow(minimized, false)).toBe('tray');
    expect(startWindow(state().preferences, true)).toBe('tray');
    const noTray = withPreferences({ startMinimized: true, showTray: false }).preferences;
    expect(startWindow(noTray, false)).toBe('minimize');
    expect(startWindow(withPreferences({ showTray: false }).preferences, true)).toBe('minimize');
  });
});

describe('the window where it was', () => {
  const laptop = { x: 0, y: 0, width: 1440, height: 900 };
  const monitor = { x: 1440, y: 0, width: 2560, height: 1440 };
  const saved = { x: 2000, y: 100, width: 1100, height: 760, maximized: false };

  it('comes back where it was while that display is there', () => {
    expect(restoredBounds(saved, [laptop, monitor])).toEqual(saved);
  });

  it('goes to the default place when its display is gone or it was pushed off-screen', () => {
    expect(restoredBounds(saved, [laptop])).toBeNull();
    expect(restoredBounds({ ...saved, x: 1400 }, [laptop])).toBeNull();
    expect(restoredBounds({ ...saved, x: 300, y: -500 }, [laptop])).toBeNull();
    expect(restoredBounds(null, [laptop])).toBeNull();
  });
});
