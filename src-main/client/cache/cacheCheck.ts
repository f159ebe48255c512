import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';

// Plain JavaScript evaluated as the thread's script, as the host's
// checkpointer runs, so that no build needs an entry file for it. It answers
// once: what quick_check found (null when the file holds), or why it could
// not look.
const threadSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
let answer;
try {
  const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  try {
    // One pass reads each page once, so a page cache buys nothing:
    // better-sqlite3's 16 MB would only add to the app's resident memory.
    db.pragma('cache_size = -500');
    const found = db.pragma('quick_check').map((row) => row.quick_check);
    answer = { problem: found.join() === 'ok' ? null : found.join('; ') };
  } finally {
    db.close();
  }
} catch (error) {
  const damaged = /^SQLITE_(CORRUPT|NOTADB)/.test(String(error.code));
  answer = damaged ? { problem: error.message } : { failure: error.message };
}
parentPort.postMessage(answer);
`;

const answerSchema = z.union([
  z.object({ problem: z.string().nullable() }),
  z.object({ failure: z.string() }),
]);

/**
 * SQLite's quick_check of a cache file, every page read and every record
 * checked, on a thread of its own: it takes most of a second for 200,000
 * messages (several seconds from a cold disk), which the thread that answers
 * the window must not wait for. Resolves to what SQLite found, null when the
 * file holds, once the thread has let go of the file; rejects when it could
 * not look (the file gone).
 *
 * The thread is never terminated, only let finish: termination cannot stop
 * SQLite's native pass early anyway, and arriving while better-sqlite3 is in
 * native code (loading, or mid-call) aborts the whole process.
 */
export function checkCacheFile(file: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(threadSource, {
      eval: true,
      workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), file },
    });
    worker.once('message', (raw: unknown) => {
      const answer = answerSchema.safeParse(raw);
      if (!answer.success) reject(new Error(`the cache check answered ${JSON.stringify(raw)}`));
      else if ('failure' in answer.data) reject(new Error(answer.data.failure));
      else resolve(answer.data.problem);
    });
    worker.once('error', reject);
    // After an answer this changes nothing; without one it says why none came.
    worker.once('exit', (code) => {
      reject(new Error(`the cache check ended (code ${code}) without an answer`));
    });
  });
}
