import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { nodeCheckProcess } from '../../src-main/client/cache/cacheCheck';
import { startHearth, type RunningHearth } from '../../src-main/desktop/startHearth';
import { confirmations } from '../helpers/confirmations';
import { testTuning } from '../helpers/hearth';
import { spawnTsWorker } from './tsWorker';

/**
 * What src-main/index.ts starts, minus the window, on one profile folder and
 * keychain service of a test's own: each `start` is the app starting again.
 */
export function embeddedHearths(name: string) {
  const profileDir = mkdtempSync(join(tmpdir(), `hearth-${name}-`));
  const keychainService = `Hearth test ${randomUUID()}`;
  const running: RunningHearth[] = [];
  return {
    keychainService,
    async start(): Promise<RunningHearth> {
      const hearth = await startHearth({
        profileDir,
        spawnHostWorker: spawnTsWorker(new URL('../../src-main/server/worker.ts', import.meta.url)),
        checkProcess: nodeCheckProcess,
        preferredPort: 0,
        confirm: confirmations().confirm,
        keychain: { service: keychainService, warn: (message) => expect.fail(message) },
        tuning: testTuning,
        log: () => undefined,
      });
      running.push(hearth);
      return hearth;
    },
    /** Quits one started app, as its user would. */
    async stop(hearth: RunningHearth): Promise<void> {
      await hearth.stop();
      running.splice(running.indexOf(hearth), 1);
    },
    async stopAll(): Promise<void> {
      await Promise.all(running.map((hearth) => hearth.stop()));
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
