import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  dialog,
  powerMonitor,
  session as electronSession,
  type BrowserWindow,
} from 'electron';
import { contentSecurityPolicy } from './desktop/contentSecurityPolicy';
import { electronNotifier } from './desktop/electronNotifier';
import { watchGnomeBanners } from './desktop/gnomeBanners';
import { spawnWorkerFile } from './desktop/hosting';
import { serveBridge } from './desktop/ipc';
import { appEntryUrl, registerAppScheme, serveRenderer } from './desktop/rendererProtocol';
import { startHearth } from './desktop/startHearth';
import { createMainWindow, hardenSession } from './desktop/windows';

const builtDir = dirname(fileURLToPath(import.meta.url));
// Only an unpackaged app follows the dev server, so no environment variable can
// point a shipped app's privileged window at another page.
const devServer = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const appUrl = devServer ?? appEntryUrl;
const defaultPort = 9991;

// `npm start` builds better-sqlite3 for Electron's ABI beside the Node build the
// tests use (scripts/build-electron-native.mjs); a packaged app has its own.
function electronSqlite(): string | undefined {
  const path = join(app.getAppPath(), 'native', 'electron', 'better_sqlite3.node');
  return !app.isPackaged && existsSync(path) ? path : undefined;
}

let shutdown: (() => Promise<void>) | undefined;

async function start(): Promise<void> {
  let window: BrowserWindow | null = null;
  const gnome = watchGnomeBanners();
  // The same composition the browser harness (npm run app:web) runs; the
  // hosted organization's service runs on a worker thread so a slow query
  // never stalls window management.
  const hearth = await startHearth({
    profileDir: app.getPath('userData'),
    spawnHostWorker: spawnWorkerFile(join(builtDir, 'hostWorker.js')),
    preferredPort: defaultPort,
    sqliteBinding: electronSqlite(),
    notifier: (page) =>
      electronNotifier({
        page,
        window: () => window,
        onClick: (id) => hearth.app.openAlert(id),
      }),
    desktopQuiet: gnome.quiet,
  });
  shutdown = async () => {
    gnome.stop();
    await hearth.stop();
  };
  // A laptop that slept has stale long-polls and maybe expired queues.
  powerMonitor.on('resume', () => hearth.app.resume());

  const csp = contentSecurityPolicy({
    imageOrigins: [],
    ...(devServer ? { devServer } : {}),
  });
  hardenSession(electronSession.defaultSession, appUrl, csp);
  if (!devServer) serveRenderer(join(builtDir, '../renderer'), csp);

  const main = createMainWindow({
    preload: join(builtDir, '../preload/index.cjs'),
    appUrl,
  });
  window = main;
  const stopBridge = serveBridge(hearth.service, main.webContents, appUrl);
  main.on('closed', () => {
    stopBridge();
    window = null;
  });
}

if (!app.requestSingleInstanceLock()) {
  // A second instance would host the same database a second time.
  app.quit();
} else {
  registerAppScheme();

  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      dialog.showErrorBox(
        'Hearth could not start',
        error instanceof Error ? error.message : String(error),
      );
      void (shutdown?.() ?? Promise.resolve()).finally(() => app.exit(1));
    });

  app.on('window-all-closed', () => app.quit());

  // Quitting waits for the Session to delete its queue and the host to close its database.
  let stopping: Promise<void> | undefined;
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped || !shutdown) return;
    event.preventDefault();
    stopping ??= shutdown()
      .catch((error: unknown) => console.error(`Hearth: unclean shutdown: ${String(error)}`))
      .finally(() => {
        stopped = true;
        app.quit();
      });
  });
}
