import {
  app,
  Menu,
  nativeImage,
  screen,
  Tray,
  type BrowserWindow,
  type MenuItemConstructorOptions,
  type Session,
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
import { mt, onMainLanguageChange } from '../i18n/mainText';

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
  const tray = new Tray(trayIcon(0));
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
  const showTray = (state: AppState) => {
    tray.setContextMenu(Menu.buildFromTemplate(trayMenu(state).map(itemOf)));
    tray.setToolTip(trayTooltip(state));
  };
  const applyState = (state: AppState) => {
    showTray(state);
    // Linux and Windows trays have no badge: the count is drawn on the icon.
    if (process.platform === 'darwin') tray.setTitle(state.badge > 0 ? String(state.badge) : '');
    else tray.setImage(trayIcon(state.badge));
    window.webContents.session.setSpellCheckerEnabled(state.preferences.spellcheck);
    startAtLogin(state.preferences.startAtLogin);
  };
  tray.on('click', show);
  applyState(hearth.appState());
  const stopListening = hearth.on('appState', applyState);
  const showMenus = () => Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenu(quit)));

  window.on('close', (event) => {
    const bounds = window.getNormalBounds();
    void hearth.rememberWindowBounds({ ...bounds, maximized: window.isMaximized() });
    if (quitting || closeAction(hearth.appState()) === 'quit') return;
    event.preventDefault();
    window.hide();
  });
  app.on('before-quit', () => (quitting = true));

  useSystemSpelling(window.webContents.session);
  offerSpellingSuggestions(window);
  showMenus();
  // Menus are built once: in another language they are built again.
  const stopSpeaking = onMainLanguageChange(() => {
    showMenus();
    showTray(hearth.appState());
  });

  return () => {
    stopListening();
    stopSpeaking();
    tray.destroy();
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

// The system's languages, as far as Chromium has dictionaries for them; macOS picks its own.
function useSystemSpelling(session: Session): void {
  if (process.platform === 'darwin') return;
  const available = new Set(session.availableSpellCheckerLanguages);
  const wanted = app.getPreferredSystemLanguages().flatMap((tag) => {
    const language = tag.split('-')[0] ?? tag;
    return [tag, language].filter((candidate) => available.has(candidate));
  });
  if (wanted.length > 0) session.setSpellCheckerLanguages([...new Set(wanted)]);
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
function applicationMenu(quit: () => void): MenuItemConstructorOptions[] {
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
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
      ],
    },
    { role: 'windowMenu' },
  ];
}
