import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { z } from 'zod';
import {
  publicNameReportSchema,
  pushRegistrationOutcomeSchema,
  pushServiceReportSchema,
  servedCertificateSchema,
  startFindingSchema,
  zulipExportSchema,
  type StartFinding,
} from '../../src-preload/calls/hostingCalls';
import { backoffDelay, type Backoff } from '../client/backoff';
import { Emitter } from '../client/emitter';
import type { SecretStore } from '../server/certificates/secretStore';
import { HOST_YOUNG_GENERATION_MB, withoutPretenuring } from './hostHeap';
import { secretNames } from '../wire/hostSecrets';
import type {
  HostReply,
  HostRequest,
  HostWorkerData,
  HostWorkerToMain,
  MainToHostWorker,
  SecretAsk,
} from '../server/workerProtocol';
import { mt } from '../i18n/mainText';
import { LogRing, type LogLine } from './logRing';

/**
 * The worker's `workerData`: where the organization lives and where it listens.
 * Port 0 picks a free port on the first start; restarts keep the port it picked,
 * so Sessions can reconnect.
 */
export type HostConfig = HostWorkerData;

const ownerSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  apiKey: z.string(),
});

const networkStateSchema = z.intersection(
  z.object({
    address: z.string(),
    port: z.number().int(),
    fingerprint: z.string(),
    certPath: z.string(),
    names: z.array(z.string()),
  }),
  z.union([
    z.object({ urls: z.array(z.string()) }),
    z.object({
      failure: z.object({
        code: z.enum(['in-use', 'permission', 'no-such-address', 'other']),
        message: z.string(),
      }),
    }),
  ]),
);

// The worker is our own code, but its messages are parsed like any other input
// that crosses a thread boundary.
const workerMessageSchema: z.ZodType<HostWorkerToMain> = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('ready'),
    url: z.string(),
    realmName: z.string(),
    owner: ownerSchema,
    network: networkStateSchema.nullable(),
  }),
  z.looseObject({ type: z.literal('error'), message: z.string() }),
  z.looseObject({ type: z.literal('damaged'), message: z.string() }),
  z.looseObject({ type: z.literal('disk-full'), full: z.boolean() }),
  z.looseObject({ type: z.literal('found-at-start'), found: z.array(startFindingSchema) }),
  z.looseObject({ type: z.literal('stopped') }),
  z.looseObject({
    type: z.literal('secret'),
    id: z.number().int(),
    name: z.enum(secretNames),
    value: z.string().min(1).optional(),
    remove: z.literal(true).optional(),
  }),
  z.looseObject({
    type: z.literal('reply'),
    id: z.number(),
    ok: z.boolean(),
    name: z.string().optional(),
    export: zulipExportSchema.optional(),
    publicName: publicNameReportSchema.nullable().optional(),
    ownCertificate: servedCertificateSchema.nullable().optional(),
    network: networkStateSchema.nullable().optional(),
    pushService: pushServiceReportSchema.nullable().optional(),
    pushRegistration: pushRegistrationOutcomeSchema.optional(),
    message: z.string().optional(),
  }),
]);

export type HostInfo = Omit<Extract<HostWorkerToMain, { type: 'ready' }>, 'type'>;

export type HostingStatus = 'stopped' | 'starting' | 'running' | 'restarting' | 'stopping';

export interface HostingEvents {
  status: HostingStatus;
  /** The host is serving; after a restart `info.owner` and `info.url` are those of the new run. */
  ready: HostInfo;
  log: LogLine;
  /** What the starting host found a kill had cut short, and ended: said before it serves, or fails to. */
  foundAtStart: StartFinding[];
}

export interface HealthCheck {
  intervalMs: number;
  /** Consecutive failed checks after which a running but unresponsive worker is replaced. */
  failures: number;
}

export interface HostingOptions {
  config: HostConfig;
  spawn: (workerData: HostConfig) => Worker;
  backoff?: Backoff;
  readyTimeoutMs?: number;
  stopTimeoutMs?: number;
  /** A worker up this long has its restart back-off reset. */
  stableAfterMs?: number;
  health?: HealthCheck | false;
  logCapacity?: number;
  /** The keychain the host keeps its public name's secrets in (`config.keychain`). */
  secrets?: SecretStore | undefined;
}

/** How the host worker is started, whichever file it runs: its output captured for the log ring, its young generation bounded. */
export const hostWorkerOptions = (workerData: HostConfig): WorkerOptions => ({
  workerData,
  stdout: true,
  stderr: true,
  resourceLimits: { maxYoungGenerationSizeMb: HOST_YOUNG_GENERATION_MB },
});

/** Spawns the built host worker file. */
export const spawnWorkerFile =
  (file: string | URL) =>
  (workerData: HostConfig): Worker => {
    withoutPretenuring();
    return new Worker(file, hostWorkerOptions(workerData));
  };

/**
 * The lifecycle owner of the hosted service: starts the host worker, waits
 * until it serves, replaces it with back-off when it dies or stops answering,
 * stops it cleanly, and keeps its recent log lines for the Hosting page.
 */
export class Hosting {
  readonly #options: HostingOptions;
  readonly #ring: LogRing;
  readonly #events = new Emitter<HostingEvents>((error) =>
    this.#note(`hosting listener failed: ${String(error)}`),
  );
  #config: HostConfig;
  #status: HostingStatus = 'stopped';
  #info: HostInfo | undefined;
  #runningSince: number | null = null;
  #worker: Worker | undefined;
  #restarts = 0;
  #restartTimer: NodeJS.Timeout | undefined;
  #stableTimer: NodeJS.Timeout | undefined;
  #healthTimer: NodeJS.Timeout | undefined;
  #nextRequestId = 1;
  /** Why the host stopped and stays stopped: its database is damaged; null otherwise. */
  #damage: string | null = null;
  /** The disk holding the data folder is full, as the running host last said. */
  #diskFull = false;
  readonly #replies = new Map<
    number,
    { resolve: (answer: HostReply) => void; reject: (error: Error) => void }
  >();

  constructor(options: HostingOptions) {
    this.#options = options;
    this.#config = options.config;
    this.#ring = new LogRing(options.logCapacity ?? 500);
  }

  get status(): HostingStatus {
    return this.#status;
  }

  get info(): HostInfo | undefined {
    return this.#info;
  }

  /** When the current worker became ready (ms since 1970); null while none serves. */
  get runningSince(): number | null {
    return this.#runningSince;
  }

  /** The disk holding the data folder is full, as the running host last said. */
  get diskFull(): boolean {
    return this.#diskFull;
  }

  /** What the host said of its damaged database, until it is started again; null while none. */
  get damage(): string | null {
    return this.#damage;
  }

  recentLogs(): LogLine[] {
    return this.#ring.lines();
  }

  on<E extends keyof HostingEvents>(
    event: E,
    listener: (payload: HostingEvents[E]) => void,
  ): () => void {
    return this.#events.on(event, listener);
  }

  /** Asks the running host to do something (take a backup…), and resolves with its answer. */
  request(request: HostRequest): Promise<HostReply> {
    const worker = this.#worker;
    if (!worker || this.#status !== 'running') {
      return Promise.reject(new Error(mt('main.hosting.notRunning')));
    }
    const id = this.#nextRequestId++;
    return new Promise((resolve, reject) => {
      this.#replies.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } satisfies MainToHostWorker);
    });
  }

  /** Replies the worker that ended will never send. */
  #dropReplies(): void {
    for (const waiter of this.#replies.values())
      waiter.reject(new Error(mt('main.hosting.stopped')));
    this.#replies.clear();
  }

  /** Resolves once the host serves; rejects (and stays stopped) if the first start fails. */
  async start(): Promise<HostInfo> {
    if (this.#status !== 'stopped') throw new Error(`hosting is already ${this.#status}`);
    this.#damage = null;
    this.#setStatus('starting');
    try {
      return this.#serving(await this.#launch());
    } catch (error) {
      this.#worker = undefined;
      this.#setStatus('stopped');
      throw error;
    }
  }

  /** Asks the worker to close its queues and database, and ends it if it does not within the time-out. */
  async stop(): Promise<void> {
    if (this.#status === 'stopped' || this.#status === 'stopping') return;
    this.#setStatus('stopping');
    this.#clearTimers();
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker) await this.#stopWorker(worker);
    this.#dropReplies();
    this.#info = undefined;
    this.#setStatus('stopped');
  }

  #launch(): Promise<HostInfo> {
    // A new host has yet to find the disk full.
    this.#diskFull = false;
    const worker = this.#options.spawn(this.#config);
    this.#worker = worker;
    this.#capture(worker.stdout, 'stdout');
    this.#capture(worker.stderr, 'stderr');
    const readyTimeoutMs = this.#options.readyTimeoutMs ?? 60_000;

    return new Promise<HostInfo>((resolve, reject) => {
      let settled = false;
      const fail = (error: Error): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`the host did not become ready within ${readyTimeoutMs} ms`)),
        readyTimeoutMs,
      );

      worker.on('message', (raw: unknown) => {
        const message = workerMessageSchema.safeParse(raw);
        if (!message.success) {
          this.#note(`ignored a malformed message from the host worker: ${message.error.message}`);
          return;
        }
        if (message.data.type === 'secret') {
          void this.#answerSecret(worker, message.data);
        } else if (message.data.type === 'reply') {
          const waiter = this.#replies.get(message.data.id);
          this.#replies.delete(message.data.id);
          if (message.data.ok) {
            const { name, export: exported, publicName, ownCertificate, network } = message.data;
            const { pushService, pushRegistration } = message.data;
            waiter?.resolve({
              name,
              export: exported,
              publicName,
              ownCertificate,
              network,
              pushService,
              pushRegistration,
            });
          } else waiter?.reject(new Error(message.data.message ?? mt('main.hosting.refused')));
        } else if (message.data.type === 'ready' && !settled) {
          settled = true;
          clearTimeout(timer);
          const { url, realmName, owner, network } = message.data;
          resolve({ url, realmName, owner, network });
        } else if (message.data.type === 'error') {
          this.#note(`host error: ${message.data.message}`);
          fail(new Error(message.data.message));
        } else if (message.data.type === 'found-at-start') {
          this.#events.emit('foundAtStart', message.data.found);
        } else if (message.data.type === 'disk-full') {
          // The host's log line saying so follows, and with it the page.
          this.#diskFull = message.data.full;
        } else if (message.data.type === 'damaged') {
          // Starting again would find the same damage: the host stays
          // stopped until its owner restores a backup (or starts it anyway).
          this.#damage = message.data.message;
          this.#note(`host stopped: ${message.data.message}`);
          fail(new Error(message.data.message));
        }
      });
      worker.on('error', (error) => {
        this.#note(`host worker crashed: ${error.stack ?? error.message}`);
        fail(error);
      });
      worker.once('exit', (code) => {
        if (!settled)
          fail(new Error(`the host worker exited with code ${code} before it was ready`));
        else this.#exited(worker, code);
      });
    });
  }

  /** Reads, keeps or forgets a secret for the worker; the answer never reaches the log. */
  async #answerSecret(worker: Worker, ask: SecretAsk): Promise<void> {
    const secrets = this.#options.secrets;
    let answer: MainToHostWorker;
    try {
      if (!secrets) throw new Error('this host has no keychain');
      let value: string | null = null;
      if (ask.remove) await secrets.remove(ask.name);
      else if (ask.value === undefined) value = await secrets.read(ask.name);
      else await secrets.write(ask.name, ask.value);
      answer = { type: 'secret-answer', id: ask.id, ok: true, value };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      answer = { type: 'secret-answer', id: ask.id, ok: false, value: null, message };
    }
    worker.postMessage(answer);
  }

  #serving(info: HostInfo): HostInfo {
    this.#info = info;
    if (this.#config.port === 0)
      this.#config = { ...this.#config, port: Number(new URL(info.url).port) };
    const network = this.#config.network;
    if (network?.port === 0 && info.network)
      this.#config = { ...this.#config, network: { ...network, port: info.network.port } };
    this.#setStatus('running');
    this.#note(`host serving at ${info.url}`);
    if (info.network && 'urls' in info.network)
      this.#note(`serving the network at ${info.network.urls.join(', ') || info.network.address}`);
    else if (info.network) this.#note(`not serving the network: ${info.network.failure.message}`);
    this.#stableTimer = setTimeout(() => {
      this.#restarts = 0;
    }, this.#options.stableAfterMs ?? 60_000);
    this.#watchHealth(info);
    this.#events.emit('ready', info);
    return info;
  }

  #exited(worker: Worker, code: number): void {
    if (worker !== this.#worker || this.#status === 'stopping') return;
    this.#dropReplies();
    this.#worker = undefined;
    this.#clearTimers();
    if (this.#damage !== null) {
      this.#info = undefined;
      this.#setStatus('stopped');
    } else this.#scheduleRestart(`the host worker exited with code ${code}`);
  }

  #scheduleRestart(reason: string): void {
    const delay = backoffDelay(
      this.#options.backoff ?? { initialMs: 1_000, maxMs: 60_000 },
      this.#restarts,
    );
    this.#restarts += 1;
    this.#setStatus('restarting');
    this.#note(`${reason}; restarting in ${delay} ms`);
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = undefined;
      this.#launch().then(
        (info) => {
          if (this.#status === 'restarting') this.#serving(info);
        },
        (error: unknown) => {
          this.#worker = undefined;
          if (this.#status === 'restarting' && this.#damage !== null) {
            this.#setStatus('stopped');
          } else if (this.#status === 'restarting') {
            this.#scheduleRestart(
              `restart failed: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        },
      );
    }, delay);
  }

  #watchHealth(info: HostInfo): void {
    const health = this.#options.health ?? { intervalMs: 30_000, failures: 3 };
    if (!health) return;
    const probeUrl = new URL(
      'api/v1/server_settings',
      info.url.endsWith('/') ? info.url : `${info.url}/`,
    );
    let failures = 0;
    this.#healthTimer = setInterval(() => {
      fetch(probeUrl, { signal: AbortSignal.timeout(health.intervalMs) })
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          failures = 0;
        })
        .catch((error: unknown) => {
          failures += 1;
          this.#note(`health check failed (${failures}/${health.failures}): ${String(error)}`);
          const worker = this.#worker;
          if (failures >= health.failures && worker && this.#status === 'running') {
            clearInterval(this.#healthTimer);
            void worker.terminate();
          }
        });
    }, health.intervalMs);
  }

  #stopWorker(worker: Worker): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.#note('the host did not stop in time; ending its worker');
        void worker.terminate();
      }, this.#options.stopTimeoutMs ?? 10_000);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      // Once the worker reports its store closed, nothing it still holds is worth waiting for.
      worker.on('message', (raw: unknown) => {
        if (workerMessageSchema.safeParse(raw).data?.type === 'stopped') void worker.terminate();
      });
      worker.postMessage({ type: 'stop' });
    });
  }

  #capture(stream: Readable, source: 'stdout' | 'stderr'): void {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (text) =>
      this.#record({ source, text }),
    );
  }

  #note(text: string): void {
    this.#record({ source: 'hosting', text });
  }

  #record(line: Omit<LogLine, 'time'>): void {
    const entry = { time: Date.now(), ...line };
    this.#ring.push(entry);
    this.#events.emit('log', entry);
  }

  #setStatus(status: HostingStatus): void {
    if (status === this.#status) return;
    this.#status = status;
    this.#runningSince = status === 'running' ? Date.now() : null;
    this.#events.emit('status', status);
  }

  #clearTimers(): void {
    clearTimeout(this.#restartTimer);
    clearTimeout(this.#stableTimer);
    clearInterval(this.#healthTimer);
    this.#restartTimer = undefined;
    this.#stableTimer = undefined;
    this.#healthTimer = undefined;
  }
}
