import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { z } from 'zod';
import type {
  HostedOrganization,
  HostingPort,
  HostingReport,
  NewOrganization,
} from '../client/app/hostingPort';
import { Hosting, type HostConfig } from './hosting';

export interface EmbeddedHostingOptions {
  profileDir: string;
  spawn: (workerData: HostConfig) => Worker;
  /** The port tried on the first start; later starts keep the one that worked. 0 for any. */
  preferredPort: number;
  /** Where other computers may reach the organization; loopback by default. */
  listenHost?: string;
  sqliteBinding?: string | undefined;
  onLog?: (source: string, text: string) => void;
}

const settingsSchema = z.object({ port: z.number().int().min(1).max(65535) });

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

  const savedPort = async (): Promise<number | null> => {
    try {
      const parsed = settingsSchema.safeParse(JSON.parse(await readFile(settingsFile, 'utf8')));
      return parsed.success ? parsed.data.port : null;
    } catch {
      return null;
    }
  };

  const startOn = async (
    port: number,
    organization: NewOrganization | undefined,
  ): Promise<HostedOrganization> => {
    const next = new Hosting({
      config: {
        dataDir,
        port,
        host: options.listenHost ?? '127.0.0.1',
        dev: false,
        sqliteBinding: options.sqliteBinding,
        organization,
      },
      spawn: options.spawn,
    });
    if (options.onLog) {
      const onLog = options.onLog;
      next.on('log', ({ source, text }) => onLog(source, text));
    }
    last = next;
    next.on('status', changed);
    next.on('log', changed);
    const info = await next.start();
    hosting = next;
    return info;
  };

  return {
    async start(organization) {
      if (hosting) await hosting.stop();
      const saved = await savedPort();
      let info: HostedOrganization;
      try {
        info = await startOn(saved ?? options.preferredPort, organization);
      } catch (error) {
        if (saved === null && options.preferredPort === 0) throw error;
        // The port is taken (another app, another Hearth): any free one will do.
        info = await startOn(0, organization);
      }
      const port = Number(new URL(info.url).port);
      if (port !== saved) await writeFile(settingsFile, JSON.stringify({ port }));
      return info;
    },
    async stop() {
      const running = hosting;
      hosting = null;
      await running?.stop();
    },
    async report(): Promise<HostingReport> {
      return {
        status: last?.status ?? 'stopped',
        runningSince: last?.runningSince ?? null,
        url: last?.status === 'running' ? (last.info?.url ?? null) : null,
        databaseBytes: await databaseBytes(),
        logs: (last?.recentLogs() ?? []).slice(-200),
      };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
