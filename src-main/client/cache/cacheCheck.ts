import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { cacheCheckSource } from './cacheCheckSource';

/** A running check process, as Node's child processes and Electron's utility processes both offer it. */
export interface CheckProcess {
  ask(request: { module: string; file: string }): void;
  onAnswer(listener: (raw: unknown) => void): void;
  /** Exited, or could not start: either way no answer comes after it. */
  onEnd(listener: (why: string) => void): void;
  kill(): void;
}

export type StartCheckProcess = () => CheckProcess;

/**
 * The check as a Node child process: the plain-Node composition (tests, the
 * browser harness, benches). Electron's own binary runs no script (its
 * runAsNode fuse is off), so the app passes a utility process instead.
 */
export const nodeCheckProcess: StartCheckProcess = () => {
  const child = spawn(process.execPath, ['-e', cacheCheckSource], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  return {
    ask: (request) => child.send(request),
    onAnswer: (listener) => child.once('message', listener),
    onEnd: (listener) => {
      // `on`: a child that never started also fails the request sent to it.
      child.on('error', (error) => listener(error.message));
      // 'close', not 'exit': 'exit' can come before the answer the child sent
      // just before it ended has been read from the IPC channel.
      child.once('close', (code, signal) =>
        listener(code === null ? `stopped by ${signal}` : `exit code ${code}`),
      );
    },
    kill: () => child.kill(),
  };
};

const answerSchema = z.union([
  z.object({ problem: z.string().nullable() }),
  z.object({ failure: z.string() }),
]);

/**
 * SQLite's quick_check of a cache file, every page read and every record
 * checked, in a process of its own: it takes most of a second for 200,000
 * messages (several seconds from a cold disk), which the thread that answers
 * the window must not wait for. A thread would do that too, but keeps what
 * it touched (about 13 MB) in the app's resident memory for good; a process
 * gives it all back when it ends. Resolves to what SQLite found, null when
 * the file holds, once the process has let go of the file; rejects when it
 * could not look (the file gone) or `signal` stopped it, which it may at any
 * moment: a process holding the file read-only can be killed mid-pass.
 */
export function checkCacheFile(
  file: string,
  start: StartCheckProcess = nodeCheckProcess,
  signal?: AbortSignal,
): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const child = start();
    const stop = () => child.kill();
    signal?.addEventListener('abort', stop, { once: true });
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', stop);
      child.kill();
      outcome();
    };
    child.onAnswer((raw) => {
      const answer = answerSchema.safeParse(raw);
      settle(() => {
        if (!answer.success) reject(new Error(`the cache check answered ${JSON.stringify(raw)}`));
        else if ('failure' in answer.data) reject(new Error(answer.data.failure));
        else resolve(answer.data.problem);
      });
    });
    // After an answer this changes nothing; without one it says why none came.
    child.onEnd((why) => {
      settle(() => reject(new Error(`the cache check ended (${why}) without an answer`)));
    });
    child.ask({ module: createRequire(import.meta.url).resolve('better-sqlite3'), file });
  });
}
