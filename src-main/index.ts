import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  dialog,
  powerMonitor,
  session as electronSession,
  shell,
  type BrowserWindow,
} from 'electron';
import { systemConfigPath } from './client/preferences/systemConfig';
import { startAutoUpdate } from './desktop/autoUpdate';
import { mt } from './i18n/mainText';
import { contentSecurityPolicy } from './desktop/contentSecurityPolicy';
import { electronNotifier } from './desktop/electronNotifier';
import { watchGnomeBanners } from './desktop/gnomeBanners';
import { attachShell, savedBounds } from './desktop/shell';
import { spawnWorkerFile } from './desktop/hosting';
import { serveBridge } from './desktop/ipc';
import { appEntryUrl, registerAppScheme, serveRenderer } from './desktop/rendererProtocol';
import { nativeConfirm } from './desktop/nativeConfirm';
import { electronDownloads } from './desktop/downloads';
import { electronFilePickers } from './desktop/filePickers';
import { electronSpelling } from './desktop/spelling';
import { startHearth } from './desktop/startHearth';
import { electronSystemProxy } from './desktop/systemProxy';
import { createMainWindow, hardenSession } from './desktop/windows';
import { utilityCheckProcess } from './desktop/utilityCheckProcess';
import { startWindow } from './client/preferences/desktopShell';

const builtDir = dirname(fileURLToPath(import.meta.url));
// Only an unpackaged app follows the dev server, so no environment variable can
// point a shipped app's privileged window at another page.
const devServer = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const appUrl = devServer ?? appEntryUrl;
const defaultPort = 9991;

let shutdown: (() => Promise<void>) | undefined;
let mainWindow: BrowserWindow | null = null;

// hearth:// links reach the app as a launch argument (Windows, Linux), a
// second launch's arguments, or macOS's open-url; one that comes before the
// app is ready waits for it.
const linkScheme = 'hearth';
const linkIn = (argv: readonly string[]) => argv.find((arg) => arg.startsWith(`${linkScheme}://`));
let followLink: ((url: string) => void) | undefined;
let waitingLink = linkIn(process.argv);

function handOver(url: string | undefined): void {
  if (mainWindow) {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  }
  if (!url) return;
  if (followLink) followLink(url);
  else waitingLink = url;
}

async function start(): Promise<void> {
  const gnome = watchGnomeBanners();
  // The same composition the browser harness (npm run app:web) runs; the
  // hosted organization's service runs on a worker thread so a slow query
  // never stalls window management.
  const hearth = await startHearth({
    profileDir: app.getPath('userData'),
    spawnHostWorker: spawnWorkerFile(join(builtDir, 'hostWorker.js')),
    checkProcess: utilityCheckProcess(join(builtDir, 'cacheCheck.js')),
    preferredPort: defaultPort,
    confirm: nativeConfirm(() => mainWindow),
    notifier: (page) =>
      electronNotifier({
        page,
        window: () => mainWindow,
        onClick: (id) => hearth.app.openAlert(id),
      }),
    desktopQuiet: gnome.quiet,
    network: { systemProxy: electronSystemProxy },
    systemConfigFile: systemConfigPath({
      platform: process.platform,
      env: process.env,
      overridable: !app.isPackaged,
    }),
    downloads: {
      dir: app.getPath('downloads'),
      // Where the system quarantines what comes from the internet, Chromium's
      // download code marks the file. Linux has no such mark, and Chromium
      // there trusts neither a company authority added to the system's store
      // nor a pinned certificate: the client's own route saves it.
      ...(process.platform === 'linux' ? {} : { saveDownload: electronDownloads() }),
      reveal: (path) => shell.showItemInFolder(path),
      pickers: electronFilePickers(() => mainWindow),
    },
    spelling: electronSpelling(electronSession.defaultSession),
  });
  const stopUpdates = startAutoUpdate(hearth.app, () => mainWindow);
  shutdown = async () => {
    stopUpdates();
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
    bounds: savedBounds(hearth.app),
    // Only the window of a starting app: a second launch shows it (handOver).
    appearAs: startWindow(hearth.app.appState().preferences, process.argv.includes('--hidden')),
  });
  mainWindow = main;
  const detachShell = attachShell({ hearth: hearth.app, window: main, quit: () => app.quit() });
  const stopBridge = serveBridge(hearth.service, main.webContents, appUrl);
  main.on('closed', () => {
    stopBridge();
    detachShell();
    mainWindow = null;
  });
  // The window must be listening before a link asks it to show a conversation.
  main.webContents.once('did-finish-load', () => {
    followLink = (url) => hearth.app.openLink(url, { fromWindow: false });
    if (waitingLink) followLink(waitingLink);
    waitingLink = undefined;
  });
}

// Every renderer sandboxed, whatever a window's own settings say.
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  // A second instance would host the same database a second time.
  app.quit();
} else {
  registerAppScheme();
  app.setAsDefaultProtocolClient(linkScheme);
  app.on('second-instance', (_event, argv) => handOver(linkIn(argv)));
  app.on('open-url', (event, url) => {
    event.preventDefault();
    handOver(url);
  });

  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      dialog.showErrorBox(
        mt('main.startup.failed'),
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
