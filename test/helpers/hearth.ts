import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionTuning } from '../../src-main/client/runtime/accountRuntime';
import { createBridgeService } from '../../src-main/client/bridge/bridgeService';
import type { SaveDownload } from '../../src-main/client/ports/downloadPort';
import { HearthApp } from '../../src-main/client/app/hearthApp';
import { PageNotifier } from '../../src-main/client/ports/notifier';
import { createMemorySecretStore, type SecretStore } from '../../src-main/client/secretStore';
import type { NetworkOptions } from '../../src-main/client/network/routing';
import { embeddedHosting } from '../../src-main/desktop/embeddedHosting';
import { openKeychain } from '../../src-main/desktop/keychain';
import type { BridgeService } from '../../src-preload/bridge';
import { spawnTsWorker } from '../desktop/tsWorker';
import { confirmations, type Confirmations } from './confirmations';
import { fakePickers, testSpelling, type FakePickers } from './filePickers';

const hostWorker = new URL('../../src-main/server/worker.ts', import.meta.url);

/** Quick enough for tests: no sleeping through back-off, no wake watch. */
export const testTuning: SessionTuning = {
  backoff: { initialMs: 50, maxMs: 250 },
  pollTimeoutMs: 10_000,
  wake: false,
};

export interface TestHearth {
  app: HearthApp;
  service: BridgeService;
  /** What the window is handed: notifications and sounds, as in the browser harness. */
  page: PageNotifier;
  profileDir: string;
  secrets: SecretStore;
  /** What main asked the person before powerful calls, and how they answer (yes, unless the test says otherwise). */
  confirmations: Confirmations;
  /** The save and folder dialogs main shows, and how the person answers them (Cancel unless the test says otherwise). */
  pickers: FakePickers;
  /** Stops the app, keeping its profile, as quitting does. */
  stop(): Promise<void>;
}

export interface TestHearthOptions {
  /** Reuse a profile, as an app restarted on the same computer does. */
  profileDir?: string;
  secrets?: SecretStore;
  tuning?: SessionTuning;
  /** The clock do-not-disturb runs by. */
  now?: () => number;
  /** The environment and desktop the network reads its proxy and trust from. */
  network?: NetworkOptions;
  /** The desktop's download pipeline; files are read and written in Node without one. */
  saveDownload?: SaveDownload;
  /** Authorities the hosted organization's ACME authority chains to (pebble's, in tests). */
  acmeAuthorities?: readonly string[];
  /** The administrator's file, where the desktop app finds HEARTH_SYSTEM_CONFIG's; none unless given. */
  systemConfigFile?: string;
  /** Where main's log lines go; nowhere unless given. */
  log?: (line: string) => void;
}

/**
 * The client side of Hearth as the desktop app runs it, on a profile folder:
 * accounts, caches, sessions, outbox, and a hosted organization on a worker
 * thread when asked for one. Keys go to the real keychain the test command
 * provides, under a service name of this run's own.
 */
export async function startTestHearth(options: TestHearthOptions = {}): Promise<TestHearth> {
  const profileDir = options.profileDir ?? (await mkdtemp(join(tmpdir(), 'hearth-profile-')));
  const secrets =
    options.secrets ?? (await openKeychain({ service: `Hearth test ${randomUUID()}` }));
  const page = new PageNotifier();
  const asked = confirmations();
  const pickers = fakePickers();
  const app = await HearthApp.start({
    profileDir,
    secrets,
    confirm: asked.confirm,
    hosting: embeddedHosting({
      profileDir,
      spawn: spawnTsWorker(hostWorker),
      preferredPort: 0,
      acmeAuthorities: options.acmeAuthorities,
      keychain: secrets,
    }),
    tuning: options.tuning ?? testTuning,
    notifier: page,
    log: options.log ?? (() => undefined),
    spelling: testSpelling,
    downloads: {
      dir: join(profileDir, 'downloads'),
      pickers,
      ...(options.saveDownload ? { saveDownload: options.saveDownload } : {}),
    },
    ...(options.now ? { now: options.now } : {}),
    ...(options.network ? { network: options.network } : {}),
    ...(options.systemConfigFile ? { systemConfigFile: options.systemConfigFile } : {}),
  });
  return {
    app,
    service: createBridgeService(app, page),
    page,
    profileDir,
    secrets,
    confirmations: asked,
    pickers,
    stop: () => app.stop(),
  };
}

export const removeProfile = (profileDir: string) =>
  rm(profileDir, { recursive: true, force: true });

/** Waits until `check` holds, looking every few milliseconds; fails with `what` after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until the account shown in the app is connected to its server. */
export const connected = (app: HearthApp) =>
  eventually('the session is connected', () => app.active().connection.state === 'connected');

/**
 * The apps a test file starts, all behind one cable the test can pull: while
 * `offline`, every request of theirs fails before it leaves the process, as
 * an unplugged cable would. `stopAll` (for afterEach) stops them, plugs the
 * cable back in and removes the profiles they made.
 */
export function testApps(secrets: SecretStore) {
  const link = { offline: false };
  const cable: typeof fetch = (input, init) =>
    link.offline ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
  let running: TestHearth[] = [];
  const profiles: string[] = [];
  return {
    link,
    /** An app on a new profile, or on an earlier one's, as after a restart. */
    async start(profileDir?: string, tuning: SessionTuning = {}): Promise<TestHearth> {
      const hearth = await startTestHearth({
        ...(profileDir ? { profileDir } : {}),
        secrets,
        tuning: { ...testTuning, ...tuning, fetch: cable },
      });
      running.push(hearth);
      if (!profileDir) profiles.push(hearth.profileDir);
      return hearth;
    },
    /** An app on a new profile, signed in to the server as the user with their key, and connected. */
    async signedIn(
      serverUrl: string,
      user: { email: string; apiKey: string },
    ): Promise<TestHearth> {
      const hearth = await this.start();
      await joinWithKey(hearth.app, serverUrl, user);
      await connected(hearth.app);
      return hearth;
    },
    /** Quits one app, keeping its profile. */
    async stop(hearth: TestHearth): Promise<void> {
      await hearth.stop();
      running = running.filter((other) => other !== hearth);
    },
    /** Quits the app and starts it again on its profile with the cable pulled; resolves once it knows it is offline. */
    async restartOffline(hearth: TestHearth): Promise<TestHearth> {
      await this.stop(hearth);
      link.offline = true;
      const again = await this.start(hearth.profileDir);
      await eventually(
        'the restarted app is offline',
        () => again.app.active().connection.state === 'offline',
      );
      return again;
    },
    async stopAll(): Promise<void> {
      link.offline = false;
      await Promise.all(running.map((hearth) => hearth.stop()));
      running = [];
      await Promise.all(profiles.splice(0).map(removeProfile));
    },
  };
}

/**
 * Signs the app in to the organization as the user, with the user's API key;
 * `sendUnencrypted` when the test's person chose to send it over plain http
 * to a server off this computer.
 */
export async function joinWithKey(
  app: HearthApp,
  serverUrl: string,
  user: { email: string; apiKey: string },
  choice: { sendUnencrypted?: boolean } = {},
): Promise<void> {
  const joined = await app.join({
    method: 'apiKey',
    serverUrl,
    email: user.email,
    apiKey: user.apiKey,
    ...choice,
  });
  if (!joined.ok) throw new Error(`could not sign in as ${user.email}: ${joined.message}`);
}

/**
 * An app on a fresh profile, signed in to the organization as the user and
 * connected, as after joining it; `close` quits it and removes the profile.
 * `beforeConnect` runs once signed in, e.g. to listen to the bridge from the
 * start.
 */
export async function signedInHearth(
  serverUrl: string,
  user: { email: string; apiKey: string },
  options: { beforeConnect?: (hearth: TestHearth) => void } = {},
): Promise<TestHearth & { close(): Promise<void> }> {
  const hearth = await startTestHearth({ secrets: createMemorySecretStore() });
  await joinWithKey(hearth.app, serverUrl, user);
  options.beforeConnect?.(hearth);
  await connected(hearth.app);
  return {
    ...hearth,
    close: async () => {
      await hearth.stop();
      await removeProfile(hearth.profileDir);
    },
  };
}
