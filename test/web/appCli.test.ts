import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run app:web -- --profile DIR`: the app's composition for a browser.

interface Run {
  output: string;
  exitCode: number | null;
  /** The page answered at the printed address, before the harness was stopped. */
  page: string | null;
}

function runOnce(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/web/appCli.ts', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let page: string | null = null;
    let asked = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`app:web did not start:\n${output}`));
    }, 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /^Open the window: (\S+)$/m.exec(output)?.[1];
      if (url === undefined || asked) return;
      asked = true;
      void fetch(url)
        .then((response) => response.text())
        .then((text) => (page = text))
        .finally(() => child.kill('SIGTERM'));
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (exitCode) => {
      clearTimeout(timer);
      resolve({ output, exitCode, page });
    });
  });
}

describe('npm run app:web', () => {
  let profileDir: string;
  beforeAll(async () => {
    profileDir = await mkdtemp(join(tmpdir(), 'hearth-app-web-'));
  });
  afterAll(() => rm(profileDir, { recursive: true, force: true }));

  it('serves the window for the profile, prints where, and stops cleanly on a signal', async () => {
    const run = await runOnce(['--profile', profileDir, '--port', '0', '--host-port', '0']);
    expect(run.output).toContain(`Hearth is running on the profile ${profileDir}`);
    expect(run.page).toContain('<div id="app">');
    expect(run.exitCode).toBe(0);
    // The app made its data folder there: where the accounts' caches go.
    expect(await readdir(profileDir)).toContain('caches');
  });

  it('refuses to start without a profile, or with a port that is not one, saying why', async () => {
    for (const [args, why] of [
      [[], '--profile is required'],
      [['--profile', profileDir, '--port', 'ninety'], '--port must be a whole number'],
    ] as const) {
      const run = await runOnce([...args]);
      expect(run.exitCode).toBe(2);
      expect(run.output).toContain(why);
    }
  });
});
