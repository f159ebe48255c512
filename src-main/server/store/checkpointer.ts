import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often an idle database is looked at. */
const IDLE_MS = 250;
/** How soon a pass follows one that found work, so that copying keeps up between writes. */
const BUSY_MS = 5;
/** How long closing waits for the thread to let go of the database. */
const STOP_WAIT_MS = 5000;

// Plain JavaScript evaluated as the thread's script, so that no build (tsx,
// vitest, esbuild, electron-vite) needs a second entry file. PASSIVE neither
// waits for nor blocks the writer, and returns at once when the WAL holds
// nothing new.
const threadSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.path);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let copied = 0;
let timer;
const pass = () => {
  let next = workerData.idleMs;
  try {
    const { log, checkpointed } = checkpoint.get();
    if (checkpointed !== copied || checkpointed < log) next = workerData.busyMs;
    copied = checkpointed;
  } catch (error) {
    // A full disk (the database file cannot grow) passes: the next pass
    // copies what this one could not, once there is space again.
    if (error.code === 'SQLITE_FULL') next = workerData.idleMs;
    else if (error.code === 'SQLITE_BUSY') next = workerData.busyMs;
    else throw error;
  }
  timer = setTimeout(pass, next);
};
timer = setTimeout(pass, workerData.idleMs);
parentPort.once('message', () => {
  clearTimeout(timer);
  db.close();
  Atomics.store(workerData.stopped, 0, 1);
  Atomics.notify(workerData.stopped, 0);
});
`;

/**
 * Copies the WAL into the database from a thread of its own, on its own
 * connection, so that the bulk of checkpointing (reading frames, writing
 * pages, the fsyncs) stays out of requests' commits. The writer keeps SQLite's
 * automatic checkpoint, at a size of WAL this thread keeps it under while
 * writes are steady: under a burst, run between the writer's own
 * transactions, it is what lets the next write start the WAL over (a
 * checkpoint running beside a busy writer never finds the WAL wholly copied
 * when a write begins), and it finds little left to copy.
 */
export class Checkpointer {
  private readonly worker: Worker;
  private readonly stopped = new Int32Array(new SharedArrayBuffer(4));
  private running = true;

  constructor(path: string, onFailure: (error: Error) => void) {
    this.worker = new Worker(threadSource, {
      eval: true,
      workerData: {
        // The thread's script has no location of its own to resolve packages from.
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
        path,
        idleMs: IDLE_MS,
        busyMs: BUSY_MS,
        stopped: this.stopped,
      },
    });
    this.worker.unref();
    this.worker.on('error', (error) => {
      this.running = false;
      onFailure(error);
    });
    this.worker.on('exit', () => {
      this.running = false;
    });
  }

  /**
   * Blocks until the thread has closed its connection, so that the writer's
   * own close is the database's last and folds the WAL back into it.
   */
  stop(): void {
    if (this.running) {
      this.worker.postMessage('stop');
      Atomics.wait(this.stopped, 0, 0, STOP_WAIT_MS);
    }
    void this.worker.terminate();
  }
}
