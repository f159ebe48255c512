import type { AppPreferences, AppState } from '../../../src-preload/bridge';
import { mainLanguage, mt, productName } from '../../i18n/mainText';
import type { WindowBounds } from './preferenceFile';

/** One line of the tray's menu; the Electron adapter turns each into a MenuItem. */
export type TrayItem =
  | { kind: 'account'; accountId: string; label: string; active: boolean }
  | { kind: 'doNotDisturb'; label: string; choice: 'hour' | 'tomorrow' | 'untilOff' | 'off' }
  | { kind: 'status'; label: string }
  | { kind: 'show' }
  | { kind: 'quit' }
  | { kind: 'separator' };

const unreadLabel = (count: number) =>
  count > 0 ? ` (${new Intl.NumberFormat(mainLanguage()).format(count)})` : '';

/** The tray menu: the accounts, do-not-disturb, the hosting status when the app hosts, Quit. */
export function trayMenu(state: AppState): TrayItem[] {
  const accounts: TrayItem[] = state.accounts.map((account) => ({
    kind: 'account',
    accountId: account.id,
    label: `${account.realmName} — ${account.email}${unreadLabel(account.unreadCount)}`,
    active: account.id === state.activeAccountId,
  }));
  const quiet: TrayItem[] = state.doNotDisturb
    ? [{ kind: 'doNotDisturb', label: mt('main.tray.notificationsOn'), choice: 'off' }]
    : [
        { kind: 'doNotDisturb', label: mt('main.tray.quietHour'), choice: 'hour' },
        { kind: 'doNotDisturb', label: mt('main.tray.quietTomorrow'), choice: 'tomorrow' },
        { kind: 'doNotDisturb', label: mt('main.tray.quietUntilOff'), choice: 'untilOff' },
      ];
  const hosting: TrayItem[] =
    state.hosting === null
      ? []
      : [
          {
            kind: 'status',
            label: mt('main.tray.hosting', { status: state.hosting }),
          },
          { kind: 'separator' },
        ];
  return [
    { kind: 'show' },
    ...(accounts.length > 0 ? [...accounts, { kind: 'separator' } as const] : []),
    ...quiet,
    { kind: 'separator' },
    ...hosting,
    { kind: 'quit' },
  ];
}

/** The tray icon's tooltip. */
export function trayTooltip(state: AppState): string {
  return mt(state.doNotDisturb ? 'main.tray.tooltipQuiet' : 'main.tray.tooltip', {
    name: productName,
    unread: state.badge,
  });
}

/**
 * What closing the window does: the app stays in the tray while it hosts an
 * organization (colleagues depend on it) or when the user asked for that;
 * otherwise it quits. Without a tray a hidden window could be found again
 * only by launching Hearth a second time, so a hosting app minimizes
 * instead, and "keep in the tray" has nothing to keep it in.
 */
export function closeAction(state: AppState): 'hide' | 'minimize' | 'quit' {
  const { showTray, keepInTray } = state.preferences;
  if (!showTray) return state.hosting !== null ? 'minimize' : 'quit';
  return state.hosting !== null || keepInTray ? 'hide' : 'quit';
}

/** How the window first appears: on screen, minimized, or out of sight with only the tray icon. */
export type StartWindow = 'show' | 'minimize' | 'tray';

/**
 * How the window appears when the app starts: out of sight when the person
 * asked for it or when the system starts Hearth at login, which is in the
 * tray when there is one and minimized otherwise, since a window hidden
 * without a tray icon has no way back.
 */
export function startWindow(preferences: AppPreferences, startedAtLogin: boolean): StartWindow {
  if (!preferences.startMinimized && !startedAtLogin) return 'show';
  return preferences.showTray ? 'tray' : 'minimize';
}

export interface WorkArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

// A window is found again only where enough of its title bar shows on a display.
const minimumVisible = 80;

/**
 * The saved bounds when the window would show on one of today's displays;
 * null (the default place) when the display it was on is gone.
 */
export function restoredBounds(
  saved: WindowBounds | null,
  displays: readonly WorkArea[],
): WindowBounds | null {
  if (!saved) return null;
  const visible = displays.some((area) => {
    const left = Math.max(saved.x, area.x);
    const right = Math.min(saved.x + saved.width, area.x + area.width);
    const titleBar = saved.y >= area.y && saved.y < area.y + area.height;
    return right - left >= minimumVisible && titleBar;
  });
  return visible ? saved : null;
}
