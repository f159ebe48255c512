import { utilityProcess } from 'electron';
import type { StartCheckProcess } from '../client/cache/cacheCheck';

/**
 * The cache check in an Electron utility process, started from the built
 * entry (cacheCheckEntry.ts): the app's binary runs no script as plain Node.
 */
export const utilityCheckProcess =
  (entry: string): StartCheckProcess =>
  () => {
    const child = utilityProcess.fork(entry, [], {
      serviceName: 'Hearth cache check',
      stdio: 'ignore',
    });
    let killed = false;
    return {
      // Asked once it runs, and only if it is still wanted: a message before
      // then has nowhere to go.
      ask: (request) =>
        child.once('spawn', () => {
          if (!killed) child.postMessage(request);
        }),
      onAnswer: (listener) => child.once('message', listener),
      onEnd: (listener) => child.once('exit', (code) => listener(`exit code ${code}`)),
      kill: () => {
        killed = true;
        child.kill();
      },
    };
  };
