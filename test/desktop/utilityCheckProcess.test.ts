import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { checkCacheFile } from '../../src-main/client/cache/cacheCheck';
import { openCache } from '../../src-main/client/cache/openCache';
import { utilityCheckProcess } from '../../src-main/desktop/utilityCheckProcess';
import { damagePageOf } from '../helpers/diskFaults';
import { streamMessage, tempFolder } from '../client/cache/fixtures';

// The app checks each cache in an Electron utility process started from the
// built entry. Electron cannot run here, so this fake stands in for it on
// both sides, as Electron's documentation has them: the parent's
// UtilityProcess (spawn, postMessage, message, exit, kill) and the child's
// process.parentPort, whose messages arrive as `{ data }`. What runs inside
// is the real built entry, on Node.
const parentPort = `
process.parentPort = {
  once: (name, listener) => process.once(name, (data) => listener({ data })),
  postMessage: (message) => process.send(message),
};`;

const electron = vi.hoisted(() => ({ forked: [] as string[], fork: undefined as unknown }));
vi.mock('electron', () => ({
  utilityProcess: {
    fork: (entry: string, args: string[], options: { serviceName: string; stdio: string }) => {
      electron.forked.push(`${options.serviceName}: ${entry}`);
      const child = fork(entry, args, {
        stdio: options.stdio === 'ignore' ? ['ignore', 'ignore', 'ignore', 'ipc'] : 'inherit',
        execArgv: ['--import', `data:text/javascript,${encodeURIComponent(parentPort)}`],
      });
      const utility = new EventEmitter() as EventEmitter & {
        postMessage(message: unknown): void;
        kill(): boolean;
      };
      utility.postMessage = (message) => child.send(message as object);
      utility.kill = () => child.kill();
      child.once('spawn', () => utility.emit('spawn'));
      child.on('message', (message) => utility.emit('message', message));
      child.once('exit', (code) => utility.emit('exit', code ?? 1));
      return utility;
    },
  },
}));

const entry = resolve('out/main/cacheCheck.js');

function cacheOf(messages: number): string {
  const file = join(tempFolder(), 'account.db');
  const { cache } = openCache(file, { log: () => undefined });
  cache.storeMessages(Array.from({ length: messages }, (_, i) => streamMessage(i + 1)));
  cache.close();
  return file;
}

describe("the cache check in the app's utility process", () => {
  it('runs the built entry: a sound cache holds, a damaged one is named', async () => {
    expect(existsSync(entry), `${entry} is missing: run \`npm run build\` first`).toBe(true);
    const start = utilityCheckProcess(entry);
    const file = cacheOf(300);
    expect(await checkCacheFile(file, start)).toBeNull();
    damagePageOf(file, 'messages');
    expect(await checkCacheFile(file, start)).toMatch(/./);
    expect(electron.forked).toEqual([
      `Hearth cache check: ${entry}`,
      `Hearth cache check: ${entry}`,
    ]);
  });

  it('is stopped when the account closes, answering nothing', async () => {
    const stop = new AbortController();
    const checking = checkCacheFile(cacheOf(300), utilityCheckProcess(entry), stop.signal);
    stop.abort();
    await expect(checking).rejects.toThrow(
      /^the cache check ended \(exit code \d+\) without an answer$/,
    );
  });
});
