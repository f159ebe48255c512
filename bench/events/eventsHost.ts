// The host as `npm run bench:events` runs it: Hearth's own startHost in a
// process of its own, which also watches its event loop and answers the
// bench's questions over IPC.
import { parseArgs } from 'node:util';
import { startHost } from '../../src-main/server/host';
import type { HostAnswer, HostQuestion } from './hostMessages';
import { startProcessProbe } from './processProbe';

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string' }, 'glibc-malloc': { type: 'string' } },
});
const { 'data-dir': dataDir, 'glibc-malloc': glibcMalloc } = values;
if (!dataDir || !glibcMalloc) {
  throw new Error('usage: eventsHost --data-dir <dir> --glibc-malloc <addon>');
}

const answer = (message: HostAnswer) => process.send?.(message);

// Many clients poll and send as fast as they can: Zulip's limits would refuse them.
const host = await startHost({ dataDir, port: 0, rateLimits: false });
const probe = startProcessProbe(glibcMalloc);

process.on('message', ({ id, ask }: HostQuestion) => {
  if (ask === 'loop') answer({ kind: 'loop', id, loop: probe.loop() });
  else void probe.memory().then((memory) => answer({ kind: 'memory', id, memory }));
});

process.once('SIGTERM', () => {
  host.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
answer({ kind: 'ready', url: host.url });
