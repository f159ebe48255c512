import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, session as electronSession, type BrowserWindow } from 'electron';
import { createBridgeService } from './client/bridgeService';
import { secretAccount } from './client/secretStore';
import { Session } from './client/session';
import { contentSecurityPolicy } from './desktop/contentSecurityPolicy';
import { Hosting, spawnWorkerFile } from './desktop/hosting';
import { serveBridge } from './desktop/ipc';
import { openKeychain } from './desktop/keychain';
import { appEntryUrl, registerAppScheme, serveRenderer } from './desktop/rendererProtocol';
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
  // The service runs on a worker thread so a slow query never stalls window management.
  const hosting = new Hosting({
    config: {
      dataDir: join(app.getPath('userData'), 'organization'),
      port: defaultPort,
      host: '127.0.0.1',
      dev: false,
      sqliteBinding: electronSqlite(),
    },
    spawn: spawnWorkerFile(join(builtDir, 'hostWorker.js')),
  });
  if (!app.isPackaged)
    hosting.on('log', ({ source, text }) => console.log(`[host ${source}] ${text}`));
  shutdown = () => hosting.stop();
  const host = await hosting.start();

  // Kept in the keychain so the account can be reopened without the host handing
  // the key over; the host does hand it over at every start, so a run without a
  // usable keychain loses nothing.
  const secrets = await openKeychain();
  const { owner } = host;
  await secrets.set(secretAccount(host.url, owner.email), owner.apiKey).catch((error: unknown) => {
    console.warn(`Hearth: could not store the owner's API key: ${String(error)}`);
  });

  const session = await Session.open({
    serverUrl: host.url,
    email: owner.email,
    apiKey: owner.apiKey,
  });
  const csp = contentSecurityPolicy({
    imageOrigins: [new URL(host.url).origin],
    ...(devServer ? { devServer } : {}),
  });
  hardenSession(electronSession.defaultSession, appUrl, csp);
  if (!devServer) serveRenderer(join(builtDir, '../renderer'), csp);

  const window: BrowserWindow = createMainWindow({
    preload: join(builtDir, '../preload/index.cjs'),
    appUrl,
  });
  const stopBridge = serveBridge(createBridgeService(session), window.webContents, appUrl);
  window.on('closed', stopBridge);

  shutdown = async () => {
    await session.stop();
    await hosting.stop();
  };
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
