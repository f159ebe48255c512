import { readFile, stat, writeFile } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { z } from 'zod';
import {
  loopbackOnly,
  type HostedOrganization,
  type HostingNetwork,
  type HostingPort,
  type HostingReport,
  type NetworkExposure,
  type NewOrganization,
} from '../client/ports/hostingPort';
import type { StartFinding } from '../../src-preload/bridge';
// Only file names and fs calls: main lists the backups and prunes them while no host runs.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import {
  backupsDirOf,
  isBackupName,
  listBackups,
  pruneBackups,
} from '../server/backups/backupFiles';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a folder's name, shared with the worker that writes there
import { exportsDirOf } from '../server/export/exportFolder';
import type { SecretStore as Keychain } from '../client/secretStore';
import { mt } from '../i18n/mainText';
import { hostOfSetting } from '../wire/hostName';
import { hostKeychain } from './hostKeychain';
import { Hosting, type HostConfig, type HostInfo } from './hosting';
import { checkOwnCertificate } from './ownCertificateCheck';
import { publicNameOf } from './publicNameRequest';

export interface EmbeddedHostingOptions {
  profileDir: string;
  spawn: (workerData: HostConfig) => Worker;
  /** The port tried on the first start; later starts keep the one that worked. 0 for any. */
  preferredPort: number;
  onLog?: (source: string, text: string) => void;
  /** Authorities an ACME authority may chain to besides the public ones: a company's own, or a test's. */
  acmeAuthorities?: readonly string[] | undefined;
  /**
   * The app's keychain: the host keeps its public name's secrets there when
   * it lasts beyond this run, else as 0600 files in its data folder.
   */
  keychain?: Keychain | undefined;
}

const portSchema = z.number().int().min(1).max(65535);
const keepSchema = z.number().int().min(1).max(365);
const settingsSchema = z.object({
  port: portSchema,
  network: z
    .object({ address: z.string().min(1), port: portSchema })
    .nullable()
    .default(null),
  backupKeep: keepSchema.default(7),
  /** Whether the owner lets outgoing-webhook bots post to this computer and private networks. */
  botsReachPrivateNetworks: z.boolean().default(false),
  /** The names the owner added that the host is also reached by (a reverse proxy's, a DNS name), as `hostOfSetting` gives them. */
  allowedHosts: z.array(z.string()).default([]),
});
const backupEveryMs = 24 * 60 * 60 * 1000;
type Settings = z.infer<typeof settingsSchema>;

/**
 * This computer's organization, served by the host worker under the lifecycle
 * owner in hosting.ts. The port it first served on is kept in the profile, so
 * the account's address (and the keychain entry named after it) stays the
 * same from one run to the next.
 */
export function embeddedHosting(options: EmbeddedHostingOptions): HostingPort {
  const settingsFile = join(options.profileDir, 'hosting.json');
  const dataDir = join(options.profileDir, 'organization');
  let hosting: Hosting | null = null;
  // The last host started, kept after it stops so that its log stays readable.
  let last: Hosting | null = null;
  // Given to the next start only: the host keeps what it sets up, secrets apart, for later ones.
  let nameChange: HostConfig['name'];
  // Kept across the host's restarts, each a new worker that finds nothing
  // more, until the owner has read it.
  let foundAtStart: StartFinding[] = [];
  const secrets = options.keychain?.persistent
    ? hostKeychain(options.keychain, dataDir)
    : undefined;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };

  const databaseBytes = async (): Promise<number | null> => {
    const sizes = await Promise.all(
      ['hearth.sqlite3', 'hearth.sqlite3-wal'].map((name) =>
        stat(join(dataDir, name)).then(
          (file) => file.size,
          () => null,
        ),
      ),
    );
    const [main, wal] = sizes;
    return main === null || main === undefined ? null : main + (wal ?? 0);
  };

  const saved = async (): Promise<Settings | null> => {
    try {
      const parsed = settingsSchema.safeParse(JSON.parse(await readFile(settingsFile, 'utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };

  const savedOrFail = async (): Promise<Settings> => {
    const settings = await saved();
    if (!settings) throw new Error(mt('main.hosting.neverHosted'));
    return settings;
  };

  const save = (settings: Settings) => writeFile(settingsFile, JSON.stringify(settings));

  const startOn = async (
    port: number,
    settings: Settings | null,
    organization: NewOrganization | undefined,
    restoreFrom: string | undefined,
  ): Promise<HostedOrganization> => {
    const network = settings?.network ?? null;
    const next = new Hosting({
      config: {
        dataDir,
        port,
        host: '127.0.0.1',
        dev: false,
        organization,
        ...(network ? { network } : {}),
        backups: { keep: settings?.backupKeep ?? 7, everyMs: backupEveryMs },
        ...(restoreFrom ? { restoreFrom } : {}),
        ...(nameChange ? { name: nameChange } : {}),
        ...(secrets ? { keychain: true } : {}),
        ...(options.acmeAuthorities ? { acmeAuthorities: options.acmeAuthorities } : {}),
        outgoingWebhooks: { allowPrivateAddresses: settings?.botsReachPrivateNetworks ?? false },
        allowedHosts: settings?.allowedHosts ?? [],
      },
      spawn: options.spawn,
      secrets,
    });
    if (options.onLog) {
      const onLog = options.onLog;
      next.on('log', ({ source, text }) => onLog(source, text));
    }
    last = next;
    next.on('foundAtStart', (found) => {
      foundAtStart = [...foundAtStart, ...found];
      changed();
    });
    next.on('status', changed);
    next.on('log', changed);
    const info = await next.start();
    hosting = next;
    nameChange = undefined;
    return info;
  };

  const start = async (
    organization?: NewOrganization,
    restoreFrom?: string,
  ): Promise<HostedOrganization> => {
    if (hosting) await hosting.stop();
    hosting = null;
    const settings = await saved();
    let info: HostedOrganization;
    try {
      info = await startOn(
        settings?.port ?? options.preferredPort,
        settings,
        organization,
        restoreFrom,
      );
    } catch (error) {
      // A restore that failed failed for its backup, and a damaged database
      // is damaged on any port.
      if ((settings === null && options.preferredPort === 0) || restoreFrom) throw error;
      if ((last?.damage ?? null) !== null) throw error;
      // The port is taken (another app, another Hearth): any free one will do.
      info = await startOn(0, settings, organization, undefined);
    }
    const port = Number(new URL(info.url).port);
    if (port !== settings?.port) {
      await save({
        network: null,
        backupKeep: 7,
        botsReachPrivateNetworks: false,
        allowedHosts: [],
        ...settings,
        port,
      });
    }
    return info;
  };

  const backupsDir = backupsDirOf(dataDir);

  // A setting the host reads only when it starts: a running host starts again to take it.
  const takeAtStart = async () => {
    if (hosting) await start();
    else changed();
  };

  // The host takes a name when it starts, as it takes its network: only then does it serve one.
  const changeName = async (change: NonNullable<HostConfig['name']>) => {
    const settings = await savedOrFail();
    if (!settings.network) throw new Error(mt('main.publicName.networkFirst'));
    nameChange = change;
    await takeAtStart();
  };

  // The host reads the names it answers to when it starts, as it reads its network.
  const changeAllowedHosts = async (change: (names: readonly string[]) => string[]) => {
    const settings = await savedOrFail();
    const allowedHosts = change(settings.allowedHosts);
    if (allowedHosts.join(' ') === settings.allowedHosts.join(' ')) return;
    await save({ ...settings, allowedHosts });
    await takeAtStart();
  };

  // Asked of the running host each time: its certificate, and the names it
  // serves the network under, change while it serves.
  const certificateNow = async () =>
    hosting?.status === 'running' && hosting.info?.network
      ? await hosting.request({ type: 'certificate' }).catch(() => null)
      : null;

  // Asked of the running host each time: a delivery may find the service gone, or back.
  const pushServiceNow = async () =>
    hosting?.status === 'running'
      ? ((await hosting.request({ type: 'push-service' }).catch(() => null))?.pushService ?? null)
      : null;

  return {
    exportsDir: exportsDirOf(dataDir),
    start: (organization) => start(organization),
    async setNetwork(exposure) {
      await save({ ...(await savedOrFail()), network: exposure });
      await takeAtStart();
    },
    async backUp() {
      if (!hosting) throw new Error(mt('main.hosting.startToBackUp'));
      await hosting.request({ type: 'backup' });
      changed();
    },
    async exportForZulip(zulipVersion) {
      if (!hosting) throw new Error(mt('main.hosting.startToExport'));
      const { export: exported } = await hosting.request({ type: 'export-zulip', zulipVersion });
      if (!exported) throw new Error(mt('main.hosting.exportUnsaid'));
      return exported;
    },
    async setBotsReachPrivateNetworks(allow) {
      await save({ ...(await savedOrFail()), botsReachPrivateNetworks: allow });
      // The host reads it when it starts, as it reads its network.
      await takeAtStart();
    },
    async addAllowedHost(name) {
      const host = hostOfSetting(name);
      if (host === null) throw new Error(mt('main.hosting.notAHostName', { name: name.trim() }));
      await changeAllowedHosts((names) => (names.includes(host) ? [...names] : [...names, host]));
    },
    async removeAllowedHost(name) {
      await changeAllowedHosts((names) => names.filter((kept) => kept !== name));
    },
    async setBackupKeep(keep) {
      await save({ ...(await savedOrFail()), backupKeep: keepSchema.parse(keep) });
      if (hosting) await hosting.request({ type: 'backup-keep', keep });
      else await pruneBackups(backupsDir, keep);
      changed();
    },
    async restore(name) {
      if (!isBackupName(name) || !(await listBackups(backupsDir)).some((b) => b.name === name)) {
        throw new Error(mt('main.hosting.noSuchBackup'));
      }
      try {
        await start(undefined, join(backupsDir, name));
      } catch (error) {
        // The database is as it was: serve it again, and say why the restore failed.
        await start();
        throw error;
      }
    },
    async setPublicName(request) {
      await changeName({ kind: 'public-name', ...publicNameOf(request) });
    },
    checkOwnCertificate: async (request) => checkOwnCertificate(request, options.acmeAuthorities),
    async setOwnCertificate(request) {
      checkOwnCertificate(request, options.acmeAuthorities);
      await changeName({ kind: 'own-certificate', certificate: request });
    },
    async forgetPublicName() {
      await changeName({ kind: 'none' });
    },
    async renewCertificate() {
      if (!hosting) throw new Error(mt('main.hosting.notRunning'));
      await hosting.request({ type: 'renew-certificate' });
      changed();
    },
    async registerPushService(request) {
      if (!hosting) throw new Error(mt('main.hosting.notRunning'));
      const { pushRegistration } = await hosting.request({
        type: 'register-push-service',
        registration: request,
      });
      changed();
      if (!pushRegistration) throw new Error(mt('main.hosting.refused'));
      return pushRegistration;
    },
    async stop() {
      const running = hosting;
      hosting = null;
      await running?.stop();
    },
    async report(): Promise<HostingReport> {
      const settings = await saved();
      const certificate = await certificateNow();
      return {
        status: last?.status ?? 'stopped',
        runningSince: last?.runningSince ?? null,
        url: last?.status === 'running' ? (last.info?.url ?? null) : null,
        databaseBytes: await databaseBytes(),
        logs: (last?.recentLogs() ?? []).slice(-200),
        network: networkReport(
          settings?.network ?? null,
          certificate?.network ?? last?.info?.network ?? null,
        ),
        botsReachPrivateNetworks: settings?.botsReachPrivateNetworks ?? false,
        allowedHosts: settings?.allowedHosts ?? [],
        publicName: certificate?.publicName ?? null,
        ownCertificate: certificate?.ownCertificate ?? null,
        pushService: await pushServiceNow(),
        damage: last?.damage ?? null,
        diskFull: last?.diskFull ?? false,
        foundAtStart,
        backups: {
          keep: settings?.backupKeep ?? 7,
          files: (await listBackups(backupsDir)).map(({ name, takenAt, bytes }) => ({
            name,
            takenAt,
            bytes,
          })),
        },
      };
    },
    damage: () => last?.damage ?? null,
    dismissFoundAtStart() {
      foundAtStart = [];
      changed();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function networkReport(
  exposure: NetworkExposure | null,
  served: HostInfo['network'],
): HostingNetwork {
  const interfaces = interfaceChoices();
  if (exposure === null || served === null) return { ...loopbackOnly, exposure, interfaces };
  return {
    exposure,
    urls: 'urls' in served ? served.urls : [],
    fingerprint: served.fingerprint,
    certificatePath: served.certPath,
    failure: 'failure' in served ? served.failure.message : null,
    interfaces,
  };
}

// The addresses a person may open the host on: this computer's IPv4 ones
// outside loopback (an IPv6 address is reached through "all of them").
function interfaceChoices(): HostingNetwork['interfaces'] {
  return Object.entries(networkInterfaces()).flatMap(([name, entries]) =>
    (entries ?? [])
      .filter((entry) => !entry.internal && entry.family === 'IPv4')
      .map((entry) => ({ name, address: entry.address })),
  );
}
