import { Worker } from 'node:worker_threads';
import { scryptMemory, type ScryptCost } from './storedHash';

/** Derives a key from a password; the host's one way to run scrypt, which tests and benches may watch. */
export type Scrypt = (
  password: string,
  salt: Buffer,
  cost: ScryptCost,
  keyLength: number,
) => Promise<Buffer>;

/**
 * How much less the hashing threads weigh than the event loop with Linux's
 * scheduler (nice 10 weighs 110 to the event loop's 1024): when both want the
 * same core, the event loop has it, and a hash runs in the time it leaves.
 */
export const HASHING_NICE = 10;

// Plain JavaScript evaluated as the thread's script, as the checkpointer's,
// so that no build needs a second entry file. Linux gives each thread its own
// nice value, set through the thread's ID; elsewhere the thread keeps the
// process's priority.
const threadSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
const { readlinkSync } = require('node:fs');
const { setPriority } = require('node:os');
if (process.platform === 'linux') {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), workerData.nice);
  } catch (error) {
    parentPort.postMessage({ warning: 'hashes run at the event loop\\'s priority: ' + error.message });
  }
}
parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(password, salt, keyLength, options);
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: error.message });
  }
});
`;

interface Reply {
  id?: number;
  key?: Uint8Array;
  error?: string;
  warning?: string;
}

/** A thread that derives one key at a time, below the event loop's priority. */
class HashingThread {
  private readonly worker = new Worker(threadSource, {
    eval: true,
    workerData: { nice: HASHING_NICE },
  });
  private readonly pending = new Map<
    number,
    { resolve: (key: Buffer) => void; reject: (error: Error) => void }
  >();
  private nextId = 0;
  alive = true;

  constructor() {
    // Idle, the thread does not keep the process alive.
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => this.settle(reply));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) =>
      this.fail(new Error(`the hashing thread exited with ${code}`)),
    );
  }

  derive(password: string, salt: Buffer, keyLength: number, cost: ScryptCost): Promise<Buffer> {
    const id = this.nextId++;
    const options = { N: 2 ** cost.ln, r: cost.r, p: cost.p, maxmem: scryptMemory(cost) };
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, password, salt, keyLength, options });
    });
  }

  private settle({ id, key, error, warning }: Reply): void {
    if (warning !== undefined) console.warn(`[hearth] ${warning}`);
    const waiting = id === undefined ? undefined : this.pending.get(id);
    if (id === undefined || !waiting) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
    if (key) waiting.resolve(Buffer.from(key.buffer, key.byteOffset, key.byteLength));
    else waiting.reject(new Error(error ?? 'the hashing thread gave no key'));
  }

  private fail(error: Error): void {
    this.alive = false;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}

// Threads are made as hashes first run at once (as many as the hosts' slots
// allow) and kept for the next.
const idle: HashingThread[] = [];

/**
 * Node's scrypt, on a thread of the host's own rather than the event loop or
 * libuv's pool. Node refuses anything above 32 MiB unless told otherwise; the
 * limit given is exactly what this cost takes, so nothing larger is ever
 * allocated.
 */
export const nodeScrypt: Scrypt = async (password, salt, cost, keyLength) => {
  const thread = idle.pop() ?? new HashingThread();
  try {
    return await thread.derive(password, salt, keyLength, cost);
  } finally {
    if (thread.alive) idle.push(thread);
  }
};
