import {
  app,
  Menu,
  nativeImage,
  screen,
  Tray,
  type BrowserWindow,
  type MenuItemConstructorOptions,
} from 'electron';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { HearthApp } from '../client/app/hearthApp';
import { autostartComments, autostartEntry } from './autostart';
import {
  closeAction,
  restoredBounds,
  trayMenu,
  trayTooltip,
} from '../client/preferences/desktopShell';
import type { AppState } from '../../src-preload/bridge';
import { badgeBitmap, hearthGreen } from './badgeIcon';
import { followPreference } from './followPreference';
import { followSpellingChoice } from './spelling';
import { mt, onMainLanguageChange } from '../i18n/mainText';
import { followZoom, zoomMenu } from './zoom';

// The desktop around the window: tray, close-to-tray, the application menu,
// spell-checking, start at login and the window's place. What each shows and
// when is decided in client/preferences/desktopShell.ts; this only hands it to Electron.

/** The window's size and place from last time, when its display is still there. */
export function savedBounds(hearth: HearthApp) {
  const displays = screen.getAllDisplays().map((display) => display.workArea);
  return restoredBounds(hearth.windowBounds(), displays);
}

export interface ShellOptions {
  hearth: HearthApp;
  window: BrowserWindow;
  /** Really quit: close the window and stop the app. */
  quit: () => void;
}

const trayIcon = (count: number) => {
  // Hearth's green disc with the unread count, drawn: Electron's trays take no SVG.
  const bitmap = badgeBitmap(count, 22, count > 0 ? undefined : hearthGreen);
  return nativeImage.createFromBitmap(bitmap.data, bitmap);
};

export function attachShell({ hearth, window, quit }: ShellOptions): () => void {
  // Made and taken away as the person turns the tray on and off.
  let tray: Tray | null = null;
  let quitting = false;

  const show = () => {
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  const itemOf = (item: ReturnType<typeof trayMenu>[number]): MenuItemConstructorOptions => {
    switch (item.kind) {
      case 'show':
        return { label: mt('main.tray.show'), click: show };
      case 'account':
        return {
          label: item.label,
          type: 'radio',
          checked: item.active,
          click: () => {
            hearth.switchTo(item.accountId);
            show();
          },
        };
      case 'doNotDisturb':
        return { label: item.label, click: () => void hearth.setDoNotDisturb(item.choice) };
      case 'status':
        return { label: item.label, enabled: false };
      case 'quit':
        return { label: mt('main.app.quit'), click: quit };
      case 'separator':
        return { type: 'separator' };
    }
  };
  const trayFor = (wanted: boolean): Tray | null => {
    if (wanted && !tray) {
      tray = new Tray(trayIcon(0));
      tray.on('click', show);
    } else if (!wanted && tray) {
      tray.destroy();
      tray = null;
    }
    return tray;
  };
  const showTray = (state: AppState) => {
    const shown = trayFor(state.preferences.showTray);
    if (!shown) return;
    shown.setContextMenu(Menu.buildFromTemplate(trayMenu(state).map(itemOf)));
    shown.setToolTip(trayTooltip(state));
    // Linux and Windows trays have no badge: the count is drawn on the icon.
    if (process.platform === 'darwin') shown.setTitle(state.badge > 0 ? String(state.badge) : '');
    else shown.setImage(trayIcon(state.badge));
  };
  showTray(hearth.appState());
  const stopListening = hearth.on('appState', showTray);
  const stopChecking = followPreference(
    hearth,
    (state) => state.preferences.spellcheck,
    (on) => window.webContents.session.setSpellCheckerEnabled(on),
  );
  const stopAutostart = followPreference(
    hearth,
    (state) => state.preferences.startAtLogin,
    startAtLogin,
  );
  const stopZooming = followZoom(hearth, window);
  const showMenus = () =>
    Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenu(quit, hearth)));

  window.on('close', (event) => {
    const bounds = window.getNormalBounds();
    void hearth.rememberWindowBounds({ ...bounds, maximized: window.isMaximized() });
    const action = closeAction(hearth.appState());
    if (quitting || action === 'quit') return;
    event.preventDefault();
    if (action === 'minimize') window.minimize();
    else window.hide();
  });
  app.on('before-quit', () => (quitting = true));

  const stopSpelling = followSpellingChoice(hearth, window.webContents.session);
  offerSpellingSuggestions(window);
  showMenus();
  // Menus are built once: in another language they are built again.
  const stopSpeaking = onMainLanguageChange(() => {
    showMenus();
    showTray(hearth.appState());
  });

  return () => {
    stopListening();
    stopChecking();
    stopAutostart();
    stopZooming();
    stopSpeaking();
    stopSpelling();
    trayFor(false);
  };
}

// Linux desktops start what ~/.config/autostart lists; macOS and Windows have an API.
function startAtLogin(wanted: boolean): void {
  if (process.platform !== 'linux') {
    app.setLoginItemSettings({ openAtLogin: wanted });
    return;
  }
  const entry = join(app.getPath('appData'), 'autostart', 'hearth.desktop');
  const written = wanted
    ? mkdir(dirname(entry), { recursive: true }).then(async () =>
        writeFile(entry, autostartEntry(process.execPath, await autostartComments())),
      )
    : rm(entry, { force: true });
  written.catch((error: unknown) => console.warn(`[hearth] autostart: ${String(error)}`));
}

function offerSpellingSuggestions(window: BrowserWindow): void {
  window.webContents.on('context-menu', (_event, params) => {
    if (!params.isEditable) return;
    const suggestions: MenuItemConstructorOptions[] = params.dictionarySuggestions.map((word) => ({
      label: word,
      click: () => window.webContents.replaceMisspelling(word),
    }));
    const spelling: MenuItemConstructorOptions[] = params.misspelledWord
      ? [
          ...(suggestions.length > 0
            ? suggestions
            : [{ label: mt('main.spelling.noSuggestions'), enabled: false }]),
          {
            label: mt('main.spelling.addToDictionary'),
            click: () =>
              window.webContents.session.addWordToSpellCheckerDictionary(params.misspelledWord),
          },
          { type: 'separator' },
        ]
      : [];
    Menu.buildFromTemplate([
      ...spelling,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ]).popup({ window });
  });
}

/** The native menu, its items showing their shortcuts. */
function applicationMenu(quit: () => void, hearth: HearthApp): MenuItemConstructorOptions[] {
  return [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: mt('main.menu.file'),
      submenu: [{ label: mt('main.app.quit'), accelerator: 'CommandOrControl+Q', click: quit }],
    },
    { role: 'editMenu' },
    {
      label: mt('main.menu.view'),
      submenu: [
        ...zoomMenu(hearth),
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
      ],
    },
    { role: 'windowMenu' },
  ];
}
