import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { HostOptions } from '../../src-main/server/host';
import type { ChildAnswer, ChildQuestion } from './wallJumpHostChild';

/**
 * A host in its own Node process under Debian's libfaketime, whose wall
 * clock the test moves by hours while it runs, as an NTP step or a person
 * setting the clock moves a laptop's: every reading of the wall clock in
 * the process moves at once, the monotonic clock keeps running honestly.
 */
export interface WallJumpHost {
  url: string;
  /** Basic credentials of the organization's owner. */
  authorization: string;
  dataDir: string;
  /** One request of the owner's to the API, its parameters as a form (query for GET). */
  call(method: string, path: string, params?: Record<string, string>): Promise<Answer>;
  /** Sets the host's wall clock `hours` off the real time, and waits until the host reads it so. */
  moveWallClock(hours: number): Promise<void>;
  /** The clocks as the host's process reads them. */
  clocks(): Promise<{ wallMs: number; monotonicMs: number }>;
  /** The Hosting page's "Back up now": the backup's file name, or why it failed. */
  backUp(): Promise<{ backup: string } | { backupFailed: string }>;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  headers: Headers;
  json: Record<string, unknown>;
}

/** Where Debian's package `faketime` (libfaketime) puts the library, for this machine's architecture. */
function libfaketime(): string {
  const found = readdirSync('/usr/lib')
    .map((dir) => join('/usr/lib', dir, 'faketime/libfaketime.so.1'))
    .find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'libfaketime is not installed: the clock-jump tests need Debian\'s package "faketime" ' +
        '(npm run setup installs it, or apt-get install faketime)',
    );
  }
  return found;
}

export async function startWallJumpHost(options: Partial<HostOptions>): Promise<WallJumpHost> {
  const library = libfaketime();
  const dataDir = await mkdtemp(join(tmpdir(), 'hearth-wall-jump-'));
  const offsetFile = join(dataDir, 'faketime-offset');
  writeFileSync(offsetFile, '+0\n');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, 'wallJumpHostChild.ts'),
      join(dataDir, 'host'),
      JSON.stringify(options),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      env: {
        ...process.env,
        LD_PRELOAD: library,
        // Read anew at every reading of the clock, so a jump lands at once.
        FAKETIME_TIMESTAMP_FILE: offsetFile,
        FAKETIME_NO_CACHE: '1',
        // The monotonic clock runs on as a real jump leaves it. Faked, it
        // would also jump back, and Node aborts on a timer base going
        // backwards (node::Environment::GetNowUint64's assertion).
        FAKETIME_DONT_FAKE_MONOTONIC: '1',
        // Files keep their real times: a real jump does not move the times
        // of files written before it.
        NO_FAKE_STAT: '1',
      },
    },
  );
  const stdout = child.stdout;
  if (!stdout) throw new Error('the host has no stdout');
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the host exited (${code}) before it started`)));
  });
  const started = JSON.parse(line) as { url: string; email: string; apiKey: string };

  let asking: Promise<unknown> = Promise.resolve();
  // One question at a time: the answers carry no question of their own.
  const ask = <T extends ChildAnswer>(question: ChildQuestion): Promise<T> => {
    const answered = asking.then(
      () =>
        new Promise<T>((resolve) => {
          child.once('message', (reply) => resolve(reply as T));
          child.send(question);
        }),
    );
    asking = answered.catch(() => undefined);
    return answered;
  };
  const clocks = () => ask<{ wallMs: number; monotonicMs: number }>('clocks');
  const authorization = `Basic ${Buffer.from(`${started.email}:${started.apiKey}`).toString('base64')}`;

  return {
    url: started.url,
    authorization,
    dataDir: join(dataDir, 'host'),
    async call(method, path, params = {}) {
      const form = new URLSearchParams(params);
      const get = method === 'GET';
      const response = await fetch(`${started.url}/api/v1${path}${get ? `?${form}` : ''}`, {
        method,
        headers: { authorization },
        ...(get ? {} : { body: form }),
      });
      const json = (await response.json()) as Record<string, unknown>;
      return { status: response.status, headers: response.headers, json };
    },
    clocks,
    backUp: () => ask<{ backup: string } | { backupFailed: string }>('backup'),
    async moveWallClock(hours) {
      writeFileSync(offsetFile, `${hours >= 0 ? '+' : ''}${hours * 3600}\n`);
      const offsetMs = hours * 3_600_000;
      for (let tries = 0; tries < 50; tries++) {
        if (Math.abs((await clocks()).wallMs - Date.now() - offsetMs) < 2_000) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the host's wall clock did not move ${hours} h off under libfaketime`);
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
