import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { startHost, type Host } from './host';
import type { HostWorkerToMain } from './workerProtocol';

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
});

const stopSchema = z.object({ type: z.literal('stop') });

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
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  const onMessage = async (message: unknown) => {
    if (!stopSchema.safeParse(message).success) return;
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

void run();
