import { app, BrowserWindow, shell, type Session } from 'electron';
import type { StartWindow } from '../client/preferences/desktopShell';
import type { WindowBounds } from '../client/preferences/preferenceFile';
import { productName } from '../i18n/mainText';
import { isAppUrl, isExternalLink } from './navigationPolicy';

export interface MainWindowOptions {
  /** The built preload script (CommonJS, since the window is sandboxed). */
  preload: string;
  /** Where the renderer is loaded from: app://hearth/index.html, or the dev server. */
  appUrl: string;
  /** Where it was last time; the default size, centred, when null. */
  bounds: WindowBounds | null;
  /** How it first appears (client/preferences/desktopShell.ts's startWindow). */
  appearAs: StartWindow;
}

const openExternally = (url: string): void => {
  if (isExternalLink(url)) void shell.openExternal(url);
};

/**
 * Locks down the session the windows use: the CSP header on every page of the
 * app's own origin (the app:// protocol sets it itself), and no permission —
 * camera, geolocation, notifications — granted to web content.
 */
export function hardenSession(session: Session, appUrl: string, csp: string): void {
  session.webRequest.onHeadersReceived(
    { urls: ['http://*/*', 'https://*/*'] },
    (details, callback) => {
      if (!isAppUrl(details.url, appUrl)) {
        callback({});
        return;
      }
      callback({
        responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] },
      });
    },
  );
  session.setPermissionRequestHandler((_contents, _permission, grant) => grant(false));
  session.setPermissionCheckHandler(() => false);
}

/** The main window: sandboxed and context-isolated, unable to navigate away or open windows of its own. */
export function createMainWindow({
  preload,
  appUrl,
  bounds,
  appearAs,
}: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    ...(bounds
      ? { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height }
      : { width: 1100, height: 760 }),
    minWidth: 640,
    minHeight: 420,
    title: productName,
    show: false,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      // An installed app has no developer tools for a stranger at the keyboard to run code in.
      devTools: !app.isPackaged,
      spellcheck: true,
      // A window started hidden at login has had no user gesture, and the
      // notification sounds it plays must not wait for one.
      autoplayPolicy: 'no-user-gesture-required',
    },
  });
  const contents = window.webContents;

  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  const stayInApp = (event: { preventDefault(): void }, url: string): void => {
    if (isAppUrl(url, appUrl)) return;
    event.preventDefault();
    openExternally(url);
  };
  contents.on('will-navigate', stayInApp);
  contents.on('will-redirect', stayInApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());

  window.once('ready-to-show', () => {
    const maximize = () => {
      if (bounds?.maximized) window.maximize();
    };
    if (appearAs === 'show') {
      maximize();
      window.show();
      return;
    }
    // Maximizing shows a window, so one that starts out of sight is
    // maximized only as it comes back.
    if (appearAs === 'tray') {
      window.once('show', maximize);
      return;
    }
    window.once('restore', maximize);
    window.minimize();
  });
  void window.loadURL(appUrl);
  return window;
}
