import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const child = join(import.meta.dirname, 'faultChild.ts');

/**
 * Runs one of the host's long operations (faultChild.ts: backup, export,
 * restore, move) on the organization in `dir`, in a child process that is
 * killed with SIGKILL before its write `killAt` when given; its stdout is
 * the number of writes the whole operation made.
 */
export function runOperation(operation: string, dir: string, killAt?: number) {
  const args = ['--import', 'tsx', child, operation, dir];
  if (killAt !== undefined) args.push(String(killAt));
  return spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 120_000 });
}
