import type { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { z } from 'zod';

/** Whether `error` is SQLite saying a file is damaged, or no database at all. */
export function isCacheDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')
  );
}

/**
 * SQLite's quick_check of a cache file, opened read-only: every page read and
 * every record checked. Null when it holds, else what SQLite found.
 */
export function quickCheckCache(file: string): string | null {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const found = (db.pragma('quick_check') as { quick_check: string }[]).map(
      (row) => row.quick_check,
    );
    return found.join() === 'ok' ? null : found.join('; ');
  } catch (error) {
    if (isCacheDamage(error)) return (error as Error).message;
    throw error;
  } finally {
    db.close();
  }
}

/** Checks a cache file as `quickCheckCache` does, without holding up the caller's thread. */
export type CheckCache = (file: string) => Promise<string | null>;

const answerSchema = z.object({ problem: z.string().nullable() });

/**
 * Checks each cache file on a thread of its own, which `spawn` starts with
 * the file's path: the check reads every page (most of a second for 200,000
 * messages, several seconds from a cold disk), and the thread that answers
 * the window must not wait for it.
 */
export const checkOnThread =
  (spawn: (file: string) => Worker): CheckCache =>
  (file) =>
    new Promise((resolve, reject) => {
      const worker = spawn(file);
      worker.once('message', (raw: unknown) => {
        const answer = answerSchema.safeParse(raw);
        if (answer.success) resolve(answer.data.problem);
        else reject(new Error(`the cache check answered ${JSON.stringify(raw)}`));
      });
      worker.once('error', reject);
      // After an answer this changes nothing; without one it says why none came.
      worker.once('exit', (code) => {
        reject(new Error(`the cache check ended (code ${code}) without an answer`));
      });
    });
