import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A host running as `npm run serve` does, in a process of its own, as its owner sees it. */
export interface CliHost {
  child: ChildProcess;
  url: string;
  auth: string;
}

/** Starts `npm run serve`'s entry on a free port, with any further flags, and waits for its banner. */
export function serveCli(dataDir: string, flags: readonly string[] = []): Promise<CliHost> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src-main/server/cli.ts', '--port', '0', '--data-dir', dataDir, ...flags],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', async (chunk: Buffer) => {
      output += chunk.toString();
      const url = /at (http:\S+)$/m.exec(output)?.[1];
      if (!url || !/^zuliprc: /m.test(output)) return;
      const rc = await readFile(join(dataDir, 'zuliprc'), 'utf8');
      const field = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(rc)?.[1] ?? '';
      const auth = `Basic ${Buffer.from(`${field('email')}:${field('key')}`).toString('base64')}`;
      resolve({ child, url, auth });
    });
    child.on('exit', (code) =>
      reject(new Error(`serve exited (${code}) before starting:\n${output}`)),
    );
  });
}

/** Calls /api/v1 as the owner; values are sent as given, so JSON ones arrive encoded. */
export async function callCli(
  host: CliHost,
  method: string,
  path: string,
  params: Record<string, string>,
) {
  const body = new URLSearchParams(params);
  const response = await fetch(
    method === 'GET' ? `${host.url}/api/v1${path}?${body}` : `${host.url}/api/v1${path}`,
    {
      method,
      headers: { authorization: host.auth },
      ...(method === 'GET' ? {} : { body }),
    },
  );
  // Tests assert on whatever the server sent; a loose shape keeps them short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

/** Kills the host with SIGKILL, so that none of its shutdown code runs. */
export function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

export interface Served {
  output: string;
  exitCode: number | null;
}

/** Runs `npm run serve`'s entry until it prints the zuliprc line, then stops it with SIGTERM. */
export function serveOnce(args: string[], options: { uid?: number } = {}): Promise<Served> {
  return new Promise((resolve, reject) => {
    // As `npm run serve` runs it: one node process, so the signal reaches the host itself.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/server/cli.ts', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    let output = '';
    let stopped = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!stopped && /^zuliprc: /m.test(output)) stopped = child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (exitCode) => {
      clearTimeout(timer);
      resolve({ output, exitCode });
    });
  });
}
