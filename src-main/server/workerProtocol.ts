// Messages between the Electron main process and the host worker (worker.ts).
// Types only, so the desktop side can import them without loading the server.

import type { BackupPolicy } from './backups/backupSchedule';
import type { ZulipExportSummary } from './export/exportOrganization';
import type { ZulipVersion } from './export/zulipTarget';
import type { NetworkState, NewOrganization } from './host';
import type { NetworkExposure } from './network/networkListener';

export interface HostWorkerData {
  dataDir: string;
  port: number;
  host: string;
  dev: boolean;
  /** What to create on a first start (the onboarding form's answers). */
  organization?: NewOrganization | undefined;
  /** Also serve the network, over HTTPS. */
  network?: NetworkExposure | undefined;
  backups?: BackupPolicy | undefined;
  /** A backup to restore before starting. */
  restoreFrom?: string | undefined;
  /** Whether outgoing-webhook bots may post to this computer and private networks. */
  outgoingWebhooks?: { allowPrivateAddresses: boolean } | undefined;
}

/** What main asks of a running host, answered by a `reply` with the same `id`. */
export type HostRequest =
  | { type: 'backup' }
  | { type: 'backup-keep'; keep: number }
  | { type: 'export-zulip'; zulipVersion: ZulipVersion };

/** What a request answers with: a backup's file name, or what an export wrote. */
export interface HostReply {
  name?: string | undefined;
  export?: ZulipExportSummary | undefined;
}

export type MainToHostWorker = { type: 'stop' } | (HostRequest & { id: number });

export type HostWorkerToMain =
  | {
      type: 'ready';
      url: string;
      realmName: string;
      owner: { userId: number; email: string; fullName: string; apiKey: string };
      network: NetworkState | null;
    }
  | { type: 'error'; message: string }
  | { type: 'stopped' }
  /** The answer to a request, or why it failed (`message`). */
  | ({
      type: 'reply';
      id: number;
      ok: boolean;
      message?: string | undefined;
    } & HostReply);
