import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tlsHostArgs, type ChildServer, type startChildServer } from './childServer';
import type { TransportFigures } from './figures';
import { DATABASE_FILE } from './generateOrg';
import { trustCertificate } from './httpConnection';
import type { ProfileRates } from './rates';
import { measureSends, type SendPlan } from './sends';
import { HOST_NODE_FLAGS } from '../../src-main/desktop/hostHeap';

export interface TlsRun {
  hostScript: string;
  bareJsonScript: string;
  bareSendScript: string;
  workDir: string;
  /** The generated organization's database, copied for the TLS host. */
  source: string;
  /** The stream the sends go to. */
  stream: string;
  start: (...args: Parameters<typeof startChildServer>) => Promise<ChildServer>;
  phase: <T>(name: string, work: () => Promise<T>) => Promise<T>;
  plan: (hostUrl: string, bareUrl: string, databasePath: string) => SendPlan;
  profile: (servers: { host: ChildServer; bare: ChildServer }) => Promise<ProfileRates>;
  reads: (hostUrl: string) => Promise<TransportFigures['reads']>;
}

/**
 * Issue 16, point 10: the main figures again with the host serving its
 * network over HTTPS (the certificate it makes itself), against the bare
 * ceilings served by node:https with that same certificate, on a copy of the
 * organization and with the same clients.
 */
export async function measureOverTls(run: TlsRun): Promise<TransportFigures> {
  const dir = join(run.workDir, 'tls-host');
  await mkdir(dir);
  await copyFile(run.source, join(dir, DATABASE_FILE));
  const host = await run.start(run.hostScript, tlsHostArgs(dir), HOST_NODE_FLAGS, true);
  const certificates = join(dir, 'tls');
  trustCertificate(await readFile(join(certificates, 'certificate.pem'), 'utf8'));

  const bareJson = await run.start(run.bareJsonScript, ['--tls-dir', certificates]);
  const profile = await run.phase('over TLS: GET /users/me and bare node:https JSON', () =>
    run.profile({ host, bare: bareJson }),
  );
  await bareJson.stop();
  const reads = await run.phase('over TLS: GET /messages', () => run.reads(host.url));
  const bareSend = await run.start(run.bareSendScript, [
    '--data-dir',
    dir,
    '--stream',
    run.stream,
    '--tls-dir',
    certificates,
  ]);
  const sends = await run.phase('over TLS: POST /messages and node:https send ceiling', () =>
    measureSends(run.plan(host.url, bareSend.url, join(dir, DATABASE_FILE))),
  );
  await bareSend.stop();
  await host.stop();
  return { profile, reads, sends };
}
