import type { Worker } from 'node:worker_threads';
import type { BridgeService } from '../../src-preload/bridge';
import type { SessionTuning } from '../client/runtime/accountRuntime';
import { createBridgeService } from '../client/bridge/bridgeService';
import type { Confirm } from '../client/ports/confirmPort';
import { HearthApp, type HearthAppOptions } from '../client/app/hearthApp';
import type { StartCheckProcess } from '../client/cache/cacheCheck';
import { PageNotifier, type Notifier } from '../client/ports/notifier';
import { embeddedHosting } from './embeddedHosting';
import type { HostConfig } from './hosting';
import { openKeychain, type KeychainOptions } from './keychain';

export interface StartHearthOptions {
  /** The app's data folder. */
  profileDir: string;
  /** Starts the host worker (the built hostWorker.js, or its TypeScript source under test). */
  spawnHostWorker: (workerData: HostConfig) => Worker;
  /** Starts the process that checks a cache file whole (a utility process in Electron). */
  checkProcess: StartCheckProcess;
  /** The port a newly hosted organization tries first; 0 for any free one. */
  preferredPort: number;
  /** Asks the person, outside the window, before the bridge's powerful calls go ahead. */
  confirm: Confirm;
  keychain?: KeychainOptions;
  /**
   * The desktop's notifier, given the window's, which plays sounds (and, in
   * the browser harness, shows the notifications too: the default).
   */
  notifier?: (page: PageNotifier) => Notifier;
  desktopQuiet?: () => boolean;
  tuning?: SessionTuning;
  log?: (line: string) => void;
  /** Where files saved from messages go, and how the desktop shows one there. */
  downloads?: HearthAppOptions['downloads'];
  network?: HearthAppOptions['network'];
  /** Where the administrator's file for everyone on this computer is (systemConfigPath). */
  systemConfigFile?: string;
  spelling?: HearthAppOptions['spelling'];
}

export interface RunningHearth {
  app: HearthApp;
  /** The bridge contract, for the window (IPC) or a browser (WebSocket). */
  service: BridgeService;
  stop(): Promise<void>;
}

/**
 * Everything the Electron main process runs besides its windows: the keychain
 * (or its in-memory fallback), this computer's hosting, and the client with
 * its accounts. The browser harness runs the same, so what the end-to-end
 * tests drive is what the app runs.
 */
export async function startHearth(options: StartHearthOptions): Promise<RunningHearth> {
  const log = options.log ?? ((line: string) => console.warn(`[hearth] ${line}`));
  const secrets = await openKeychain({ warn: log, ...options.keychain });
  const hosting = embeddedHosting({
    profileDir: options.profileDir,
    spawn: options.spawnHostWorker,
    preferredPort: options.preferredPort,
    onLog: (source, text) => log(`host ${source}: ${text}`),
    keychain: secrets,
  });
  const page = new PageNotifier();
  const app = await HearthApp.start({
    profileDir: options.profileDir,
    secrets,
    hosting,
    confirm: options.confirm,
    notifier: options.notifier?.(page) ?? page,
    log,
    checkProcess: options.checkProcess,
    ...(options.desktopQuiet ? { desktopQuiet: options.desktopQuiet } : {}),
    ...(options.tuning ? { tuning: options.tuning } : {}),
    ...(options.downloads ? { downloads: options.downloads } : {}),
    ...(options.network ? { network: options.network } : {}),
    ...(options.systemConfigFile ? { systemConfigFile: options.systemConfigFile } : {}),
    ...(options.spelling ? { spelling: options.spelling } : {}),
  });
  return { app, service: createBridgeService(app, page), stop: () => app.stop() };
}
