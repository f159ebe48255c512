import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** Runs a bundled bench child to its end and reads the one JSON line it prints. */
export async function runChild<T>(
  script: string,
  args: readonly string[],
  nodeArgs: readonly string[] = [],
): Promise<T> {
  const { stdout } = await promisify(execFile)(process.execPath, [...nodeArgs, script, ...args], {
    maxBuffer: 1024 * 1024,
  });
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as T;
}
