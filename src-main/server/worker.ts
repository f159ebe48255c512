import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { exportForZulip } from './export/exportOrganization';
import { databaseFileOf, newExportDir } from './export/exportFolder';
import { zulipVersions } from './export/zulipTarget';
import { publicNameSettingsSchema, type PublicNameStatus } from './certificates/publicName';
import { DamagedDatabaseError } from './backups/damagedDatabase';
import { startHost, type Host } from './host';
import type { PushServiceStatus } from './push/hostPush';
import { certificateReport, type CertificateFacts } from './certificates/certificatePair';
import type {
  HostReply,
  HostRequest,
  HostWorkerToMain,
  PublicNameReport,
  PushServiceReport,
  ServedCertificateReport,
} from './workerProtocol';
import { secretsThroughMain } from './workerSecrets';

const workerDataSchema = z.object({
  dataDir: z.string().min(1),
  port: z.number().int().min(0).max(65535),
  host: z.string().min(1),
  dev: z.boolean(),
  organization: z
    .object({
      realmName: z.string().min(1),
      ownerEmail: z.string().min(1),
      ownerFullName: z.string().min(1),
      ownerPassword: z.string().min(1).optional(),
      language: z.string().min(1).max(20).optional(),
    })
    .optional(),
  network: z
    .object({ address: z.string().min(1), port: z.number().int().min(0).max(65535) })
    .optional(),
  backups: z
    .object({ keep: z.number().int().min(1), everyMs: z.number().int().min(60_000) })
    .optional(),
  restoreFrom: z.string().min(1).optional(),
  name: z
    .discriminatedUnion('kind', [
      z.object({
        kind: z.literal('public-name'),
        settings: publicNameSettingsSchema,
        dnsSecret: z.string().min(1),
      }),
      z.object({
        kind: z.literal('own-certificate'),
        certificate: z.object({ certPem: z.string().min(1), keyPem: z.string().min(1) }),
      }),
      z.object({ kind: z.literal('none') }),
    ])
    .optional(),
  keychain: z.boolean().optional(),
  acmeAuthorities: z.array(z.string().min(1)).optional(),
  outgoingWebhooks: z.object({ allowPrivateAddresses: z.boolean() }).optional(),
  allowedHosts: z.array(z.string().min(1)).optional(),
});

const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('stop') }),
  z.object({ type: z.literal('backup'), id: z.number().int() }),
  z.object({ type: z.literal('certificate'), id: z.number().int() }),
  z.object({ type: z.literal('renew-certificate'), id: z.number().int() }),
  z.object({ type: z.literal('backup-keep'), id: z.number().int(), keep: z.number().int().min(1) }),
  z.object({
    type: z.literal('export-zulip'),
    id: z.number().int(),
    zulipVersion: z.literal(zulipVersions),
  }),
  z.object({ type: z.literal('push-service'), id: z.number().int() }),
  z.object({
    type: z.literal('register-push-service'),
    id: z.number().int(),
    registration: z.object({
      url: z.string().min(1),
      contactEmail: z.string().min(1),
      termsAccepted: z.boolean(),
    }),
  }),
]);

type WorkerConfig = z.infer<typeof workerDataSchema>;

function post(message: HostWorkerToMain): void {
  parentPort?.postMessage(message);
}

async function run(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('worker.ts must run inside a worker thread');
  let config: WorkerConfig;
  let host: Host;
  try {
    config = workerDataSchema.parse(workerData);
    const { name, acmeAuthorities, network, keychain, ...rest } = config;
    host = await startHost({
      ...rest,
      onDiskFull: (full) => post({ type: 'disk-full', full }),
      onFoundAtStart: (found) => post({ type: 'found-at-start', found: [...found] }),
      onDamaged: (damage) => {
        post({ type: 'damaged', message: damage.message });
        port.off('message', onMessage);
        // The host has closed: nothing is left to keep the thread alive.
        port.unref();
      },
      ...(keychain ? { secrets: secretsThroughMain(port) } : {}),
      ...(network ? { network: { ...network, name } } : {}),
      ...(acmeAuthorities
        ? { acme: { connection: { authorities: acmeAuthorities }, authorities: acmeAuthorities } }
        : {}),
    });
  } catch (error) {
    const type = error instanceof DamagedDatabaseError ? 'damaged' : 'error';
    post({ type, message: errorText(error) });
    return;
  }
  const onMessage = async (raw: unknown) => {
    const message = messageSchema.safeParse(raw);
    if (!message.success) return;
    if (message.data.type !== 'stop') {
      const { id } = message.data;
      try {
        post({ type: 'reply', id, ok: true, ...(await answer(host, config, message.data)) });
      } catch (error) {
        post({ type: 'reply', id, ok: false, message: errorText(error) });
      }
      return;
    }
    port.off('message', onMessage);
    await host.close();
    post({ type: 'stopped' });
    // Nothing else keeps the thread alive, so it ends once the reply is sent.
    port.unref();
  };
  port.on('message', onMessage);
  post({
    type: 'ready',
    url: host.url,
    realmName: host.realmName,
    owner: host.owner,
    network: host.network,
  });
}

const servedReport = (facts: CertificateFacts | null): ServedCertificateReport | null =>
  facts && certificateReport(facts);

/** How the host stands with the push service, as main reads it: dates as milliseconds. */
function pushServiceReport(status: PushServiceStatus | null): PushServiceReport | null {
  if (!status) return null;
  const ms = (seconds: number | null) => (seconds === null ? null : seconds * 1000);
  return {
    url: status.url,
    contactEmail: status.contactEmail,
    registeredAtMs: ms(status.registeredAt),
    unreachableSinceMs: ms(status.unreachableSince),
    refusal: status.refusal,
    canPush: status.canPush,
  };
}

/** The public name's status as main reads it. */
function publicNameReport(status: PublicNameStatus | null): PublicNameReport | null {
  if (!status) return null;
  const { served, obtaining, failure, nextAttemptMs } = status.certificate;
  return {
    name: status.name,
    certificate: servedReport(served),
    obtaining,
    failure,
    nextAttemptMs,
    records: status.records,
  };
}

async function answer(host: Host, config: WorkerConfig, request: HostRequest): Promise<HostReply> {
  if (request.type === 'certificate') {
    return {
      publicName: publicNameReport(host.publicName()),
      ownCertificate: servedReport(host.ownCertificate()),
      network: host.network,
    };
  }
  if (request.type === 'renew-certificate') {
    // The attempt's outcome shows in the status, failure included.
    void host.renewCertificate().catch(() => undefined);
    return { publicName: publicNameReport(host.publicName()) };
  }
  if (request.type === 'push-service')
    return { pushService: pushServiceReport(host.pushService()) };
  if (request.type === 'register-push-service') {
    return { pushRegistration: await host.registerPushService(request.registration) };
  }
  if (request.type === 'export-zulip') {
    // A read-only connection of its own, in one read transaction: the host
    // goes on serving and writing while the export reads one moment of it.
    const summary = await exportForZulip({
      databasePath: databaseFileOf(config.dataDir),
      outDir: newExportDir(config.dataDir),
      zulipVersion: request.zulipVersion,
    });
    console.error(`[hearth] exported for Zulip ${summary.zulipVersion} to ${summary.outDir}`);
    return { export: summary };
  }
  const backups = host.backups;
  if (!backups) throw new Error('This host takes no backups.');
  if (request.type === 'backup') return { name: (await backups.take()).name };
  await backups.setKeep(request.keep);
  return {};
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

void run();
