import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { bootstrapRealm, type RealmBootstrap } from './actions/bootstrapRealm';
import { seedDemo } from './actions/seedDemo';
import { defaultQueueTimeouts, EventQueues } from './events/queues';
import { buildApp } from './http/app';
import { AuthCache } from './http/authCache';
import { RateLimits, zulipRateRules, type RateRules } from './http/rateLimits';
import { prepareRenderer } from './markdown/render';
import type { Services } from './services';
import { Sql } from './store/sql';
import { TURN_BUDGET_MS, TurnBudget } from './turnBudget';
import { writeZuliprc } from './zuliprc';

export interface HostOptions {
  dataDir: string;
  /** Default 9991; 0 picks any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  dev?: boolean;
  queueTimeouts?: { heartbeatMs?: number; idleMs?: number };
  /** The better-sqlite3 addon to load instead of node_modules' own (see scripts/build-electron-native.mjs). */
  sqliteBinding?: string | undefined;
  /** Zulip's rate limits unless other rules are given; `false` turns them off. */
  rateLimits?: RateRules | false;
  /** The organization to create when the data folder holds none; later starts keep the one they find. */
  organization?: NewOrganization | undefined;
}

export type NewOrganization = RealmBootstrap;

export interface Host {
  url: string;
  realmName: string;
  owner: { userId: number; email: string; fullName: string; apiKey: string };
  zuliprcPath: string;
  close(): Promise<void>;
}

const defaultOrganization: NewOrganization = {
  realmName: 'Hearth',
  ownerEmail: 'owner@hearth.local',
  ownerFullName: 'Hearth Owner',
};

const log = (line: string) => console.error(`[hearth] ${line}`);

function urlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Hosts the organization stored in `dataDir`, creating it on first start. */
export async function startHost(options: HostOptions): Promise<Host> {
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const sql = new Sql(join(options.dataDir, 'hearth.sqlite3'), {
    logSlow: log,
    nativeBinding: options.sqliteBinding,
  });
  // One budget per turn for requests and the answers a delivery wakes.
  const turns = new TurnBudget(TURN_BUDGET_MS);
  const queues = new EventQueues({ ...defaultQueueTimeouts, ...options.queueTimeouts }, sql, turns);
  let url = '';
  const services: Services = {
    sql,
    queues,
    dev: options.dev ?? false,
    realmUri: () => url,
    authCache: new AuthCache(),
    rateLimits:
      options.rateLimits === false ? null : new RateLimits(options.rateLimits ?? zulipRateRules),
  };
  const app = buildApp(services, turns, log);
  prepareRenderer();
  try {
    const { realm, owner } = bootstrapRealm(services, options.organization ?? defaultOrganization);
    if (services.dev) seedDemo(services, owner);
    await app.listen({ port: options.port ?? 9991, host: options.host ?? '127.0.0.1' });
    url = urlOf(app.server.address() as AddressInfo);
    const zuliprcPath = join(options.dataDir, 'zuliprc');
    await writeZuliprc(zuliprcPath, { email: owner.email, apiKey: owner.api_key, site: url });

    let closing: Promise<void> | undefined;
    return {
      url,
      realmName: realm.name,
      owner: {
        userId: owner.id,
        email: owner.email,
        fullName: owner.full_name,
        apiKey: owner.api_key,
      },
      zuliprcPath,
      close: () =>
        (closing ??= (async () => {
          queues.close();
          await app.close();
          sql.close();
        })()),
    };
  } catch (error) {
    queues.close();
    await app.close();
    sql.close();
    throw error;
  }
}
