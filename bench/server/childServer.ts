import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export interface ChildServer {
  url: string;
  pid: number;
  /** Resident memory from /proc, in bytes. */
  rss(): number;
  /** CPU time the process has used, user and system, from /proc, in microseconds. */
  cpuMicros(): number;
  /** The child's last lines on stderr, for when something goes wrong. */
  recentErrors(): string[];
  stop(): Promise<void>;
}

const address = /listening at (https?:\/\/\S+)|hosting ".*" at (http:\/\/\S+)/;
// A host serving the network over TLS prints this after its loopback address.
const networkAddress = /^On the network: (https:\/\/\S+)/;

/**
 * A host serving `dataDir` to the network over TLS on a port of its choosing,
 * without rate limits: the arguments the TLS benches start it with.
 */
export const tlsHostArgs = (dataDir: string): string[] => [
  '--data-dir',
  dataDir,
  '--host',
  '127.0.0.1',
  '--tls',
  '--port',
  '0',
  '--loopback-port',
  '0',
  '--no-rate-limits',
];

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Asks a bench child to stop, kills it if it has not within 10 s, and waits until it has gone. */
export async function stopChild(child: ChildProcess): Promise<void> {
  const done = exited(child);
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await done;
  clearTimeout(timer);
}

/** Keeps the last lines a child writes to `stream`, for when something goes wrong. */
export function lastLines(stream: Readable): string[] {
  const lines: string[] = [];
  createInterface({ input: stream }).on('line', (line) => {
    lines.push(line);
    if (lines.length > 40) lines.shift();
  });
  return lines;
}

/** Starts a bundled server in its own Node process and waits for the address it announces. */
export async function startChildServer(
  script: string,
  args: readonly string[],
  nodeArgs: readonly string[] = [],
  /** Wait for the address a host serves the network at (HTTPS), not its loopback one. */
  network = false,
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors = lastLines(child.stderr);
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start in 120 s`)), 120_000);
    lines.on('line', (line) => {
      const match = (network ? networkAddress : address).exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1] ?? match[2] ?? '');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${errors.join('\n')}`));
    });
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${script} has no process id`);
  return {
    url,
    pid,
    rss: () => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    cpuMicros: () => cpuMicrosOf(pid),
    recentErrors: () => [...errors],
    stop: () => stopChild(child),
  };
}

// Linux reports CPU time in USER_HZ ticks, 100 a second on every architecture.
const MICROS_PER_TICK = 10_000;

function cpuMicrosOf(pid: number): number {
  // The fields after the command name, which may itself hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return (utime + stime) * MICROS_PER_TICK;
}
