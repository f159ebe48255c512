import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = new URL('../../scripts/bench-all.sh', import.meta.url).pathname;
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * `npm run bench` with each bench's run stood in for by a line in a log (the
 * real five take half an hour); `failing` are the benches whose run fails.
 */
async function benchAll(failing: readonly string[]) {
  const dir = await mkdtemp(join(tmpdir(), 'hearth-bench-all-'));
  dirs.push(dir);
  const log = join(dir, 'ran');
  await writeFile(
    join(dir, 'npm'),
    `#!/bin/sh\necho "$2" >> '${log}'\ncase "$2" in ${failing.map((name) => `bench:${name}`).join('|') || 'none'}) exit 1;; esac\n`,
  );
  await chmod(join(dir, 'npm'), 0o755);
  const env = { ...process.env, PATH: `${dir}:${process.env.PATH ?? ''}` };
  const ended = await run('bash', [script], { env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  return { ...ended, ran: (await readFile(log, 'utf8')).trim().split('\n') };
}

const all = ['bench:server', 'bench:events', 'bench:client', 'bench:soak', 'bench:ui'];

describe('npm run bench', () => {
  it('runs all five benches and passes when each does', async () => {
    const result = await benchAll([]);
    expect(result.ran).toEqual(all);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('every bench met every target');
  });

  it('goes on after a failed bench and fails, naming each that failed', async () => {
    const result = await benchAll(['server', 'soak']);
    expect(result.ran).toEqual(all);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[bench] failed: server soak');
  });
});
