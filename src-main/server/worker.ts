import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { startHost, type Host } from './host';
import type { HostRequest, HostWorkerToMain } from './workerProtocol';

const workerDataSchema = z.object({
  dataDir: z.string().min(1),
  port: z.number().int().min(0).max(65535),
  host: z.string().min(1),
  dev: z.boolean(),
  sqliteBinding: z.string().min(1).optional(),
  organization: z
    .object({
      realmName: z.string().min(1),
      ownerEmail: z.string().min(1),
      ownerFullName: z.string().min(1),
      ownerPassword: z.string().min(1).optional(),
    })
    .optional(),
  network: z
    .object({ address: z.string().min(1), port: z.number().int().min(0).max(65535) })
    .optional(),
  backups: z
    .object({ keep: z.number().int().min(1), everyMs: z.number().int().min(60_000) })
    .optional(),
  restoreFrom: z.string().min(1).optional(),
});

const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('stop') }),
  z.object({ type: z.literal('backup'), id: z.number().int() }),
  z.object({ type: z.literal('backup-keep'), id: z.number().int(), keep: z.number().int().min(1) }),
]);

function post(message: HostWorkerToMain): void {
  parentPort?.postMessage(message);
}

async function run(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('worker.ts must run inside a worker thread');
  let host: Host;
  try {
    host = await startHost(workerDataSchema.parse(workerData));
  } catch (error) {
    post({ type: 'error', message: errorText(error) });
    return;
  }
  const onMessage = async (raw: unknown) => {
    const message = messageSchema.safeParse(raw);
    if (!message.success) return;
    if (message.data.type !== 'stop') {
      const { id } = message.data;
      try {
        post({ type: 'reply', id, ok: true, ...(await answer(host, message.data)) });
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

async function answer(host: Host, request: HostRequest): Promise<{ name?: string }> {
  const backups = host.backups;
  if (!backups) throw new Error('This host takes no backups.');
  if (request.type === 'backup') return { name: (await backups.take()).name };
  await backups.setKeep(request.keep);
  return {};
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

void run();
