import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startHost,
  type Host,
  type HostOptions,
  type NewOrganization,
} from '../../src-main/server/host';
import type { Clock } from '../../src-main/server/clock';
import { databaseFileOf } from '../../src-main/server/export/exportFolder';
import type { ScryptCost } from '../../src-main/server/passwords/storedHash';
import type { RateRules } from '../../src-main/server/http/rateLimits';
import type { BackupPolicy } from '../../src-main/server/backups/backupSchedule';
import type { NetworkExposure } from '../../src-main/server/network/networkListener';

export interface TestUser {
  id: number;
  email: string;
  fullName: string;
  apiKey: string;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // Tests assert on whatever the server sent; a loose shape keeps them short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export type ApiCall = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  path: string,
  params?: Record<string, unknown>,
) => Promise<ApiResponse>;

export interface OrgOptions {
  dev?: boolean;
  queueTimeouts?: HostOptions['queueTimeouts'];
  /** The organization's name and owner, instead of the host's defaults. */
  organization?: NewOrganization;
  /**
   * Zulip's rate limits, or other rules. Off unless asked for, as in Zulip's
   * own tests: a test makes hundreds of requests a minute as one user.
   */
  rateLimits?: RateRules;
  /** Also serve the network over HTTPS. */
  network?: NetworkExposure;
  /** Names the host is also reached by, as an office's DNS or proxy knows it. */
  allowedHosts?: string[];
  /** Take backups into `<dataDir>/backups`. */
  backups?: BackupPolicy;
  /** Let outgoing-webhook bots post to loopback (where tests run their receivers), or not. */
  outgoingWebhooks?: HostOptions['outgoingWebhooks'];
  /** The time scheduled messages are due by, kept across restarts. */
  clock?: Clock;
  /**
   * How the host hashes passwords. The test cost unless given: at OWASP's
   * (128 MiB, a good part of a second a hash) the hundreds of users tests
   * create would take minutes. Tests of the hashing itself give OWASP's.
   */
  passwordHashing?: HostOptions['passwordHashing'];
  /** A database file (a fixture) the host starts on, copied into its fresh data folder. */
  database?: string;
  /** The host's data folder (a small file system a test mounts), emptied on close; a fresh temporary one unless given. */
  dataDir?: string;
}

export interface Org {
  readonly url: string;
  readonly realmName: string;
  readonly owner: TestUser;
  readonly dataDir: string;
  readonly network: Host['network'];
  readonly backups: Host['backups'];
  /** The running host itself, for what only its owner does (the Hosting page's actions). */
  readonly host: Host;
  /** Creates `<name>@hearth.test` on first use and returns the same user afterwards. */
  user(name: string): Promise<TestUser>;
  /** Subscribes the user to the stream, creating the stream if needed. */
  subscribe(user: TestUser, stream: string): Promise<void>;
  /** Sends a message to the stream's topic as the user; resolves to its ID. */
  sendStream(user: TestUser, stream: string, topic: string, content: string): Promise<number>;
  /** Calls /api/v1 as the user (or unauthenticated); non-string params are JSON-encoded. */
  api(user?: TestUser): ApiCall;
  /** Stops the host and starts it again on the same data folder. */
  restart(): Promise<void>;
  /** Kills the host, keeping its data, as a machine going down does; `start` brings it back. */
  stop(): Promise<void>;
  /** Starts the stopped host again on its data folder and port, where its clients look for it. */
  start(options?: {
    restoreFrom?: string;
    outgoingWebhooks?: HostOptions['outgoingWebhooks'];
    reactivateOrganization?: HostOptions['reactivateOrganization'];
  }): Promise<void>;
  close(): Promise<void>;
}

function encode(params: Record<string, unknown>): URLSearchParams {
  const encoded = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) {
      encoded.set(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  return encoded;
}

/** Calls `/api/v1` of the server at `baseUrl` as the user (or unauthenticated), as Zulip's clients encode parameters. */
export function caller(baseUrl: () => string, user: TestUser | undefined): ApiCall {
  return async (method, path, params = {}) => {
    const url = new URL(`${baseUrl()}/api/v1${path.startsWith('/') ? path : `/${path}`}`);
    const headers: Record<string, string> = { 'User-Agent': 'HearthTest/1.0' };
    if (user) {
      const token = Buffer.from(`${user.email}:${user.apiKey}`).toString('base64');
      headers.Authorization = `Basic ${token}`;
    }
    let body: URLSearchParams | undefined;
    if (method === 'GET') {
      url.search = encode(params).toString();
    } else {
      body = encode(params);
    }
    const response = await fetch(url, { method, headers, ...(body ? { body } : {}) });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: response.status, headers: response.headers, json };
  };
}

/** Calls /api/v1 of a host a test started itself, as its owner. */
export const asOwnerOf = (host: Host): ApiCall =>
  caller(() => host.url, {
    id: host.owner.userId,
    email: host.owner.email,
    fullName: host.owner.fullName,
    apiKey: host.owner.apiKey,
  });

/** A cheap scrypt for tests that only need passwords to work: 1 MiB a hash. */
export const testPasswordCost: ScryptCost = { ln: 10, r: 8, p: 1 };

/** The password of every user `Org.user` creates. */
export const testPassword = 'correct horse battery staple';

/** Starts a host on a free port in a fresh temporary data folder. */
export async function startOrg(options: OrgOptions = {}): Promise<Org> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'hearth-org-')));
  if (options.database) await copyFile(options.database, databaseFileOf(dataDir));
  const hostOptions: HostOptions = {
    dataDir,
    port: 0,
    dev: options.dev ?? false,
    rateLimits: options.rateLimits ?? false,
    ...(options.queueTimeouts ? { queueTimeouts: options.queueTimeouts } : {}),
    ...(options.organization ? { organization: options.organization } : {}),
    ...(options.network ? { network: options.network } : {}),
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
    ...(options.backups ? { backups: options.backups } : {}),
    ...(options.outgoingWebhooks ? { outgoingWebhooks: options.outgoingWebhooks } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    passwordHashing: options.passwordHashing ?? { cost: testPasswordCost },
  };
  let host: Host = await startHost(hostOptions);
  let running = true;
  const users = new Map<string, TestUser>();
  const asTestUser = (owner: Host['owner']): TestUser => ({
    id: owner.userId,
    email: owner.email,
    fullName: owner.fullName,
    apiKey: owner.apiKey,
  });
  const asOwner = () => caller(() => host.url, asTestUser(host.owner));

  const expectOk = (what: string, response: ApiResponse) => {
    if (response.status !== 200) {
      throw new Error(`${what} failed: ${response.status} ${JSON.stringify(response.json)}`);
    }
    return response.json;
  };

  const org: Org = {
    get url() {
      return host.url;
    },
    get realmName() {
      return host.realmName;
    },
    get owner() {
      return asTestUser(host.owner);
    },
    dataDir,
    get network() {
      return host.network;
    },
    get backups() {
      return host.backups;
    },
    get host() {
      return host;
    },
    async user(name) {
      const known = users.get(name);
      if (known) return known;
      const email = `${name}@hearth.test`;
      const fullName = name.charAt(0).toUpperCase() + name.slice(1);
      expectOk(
        `creating ${name}`,
        await asOwner()('POST', '/users', { email, full_name: fullName, password: testPassword }),
      );
      const key = expectOk(
        `fetching ${name}'s API key`,
        await caller(() => host.url, undefined)('POST', '/fetch_api_key', {
          username: email,
          password: testPassword,
        }),
      );
      const user = { id: key.user_id, email, fullName, apiKey: key.api_key };
      users.set(name, user);
      return user;
    },
    async subscribe(user, stream) {
      expectOk(
        `subscribing ${user.email} to ${stream}`,
        await org.api(user)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: stream }],
        }),
      );
    },
    async sendStream(user, stream, topic, content) {
      const sent = expectOk(
        `sending to ${stream} as ${user.email}`,
        await org.api(user)('POST', '/messages', { type: 'stream', to: stream, topic, content }),
      );
      return sent.id as number;
    },
    api(user) {
      return caller(() => host.url, user);
    },
    async restart() {
      await org.stop();
      await org.start();
    },
    async stop() {
      await host.close();
      running = false;
    },
    async start(extra = {}) {
      const network = host.network;
      host = await startHost({
        ...hostOptions,
        ...extra,
        port: Number(new URL(host.url).port),
        ...(network ? { network: { address: network.address, port: network.port } } : {}),
      });
      running = true;
    },
    async close() {
      if (running) await host.close();
      if (options.dataDir === undefined) await rm(dataDir, { recursive: true, force: true });
      else {
        for (const entry of await readdir(dataDir)) {
          await rm(join(dataDir, entry), { recursive: true, force: true });
        }
      }
    },
  };
  return org;
}
