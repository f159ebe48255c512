// `sleepyHost.ts DATA_DIR IDLE_MS`: a host whose queues expire after
// IDLE_MS unpolled, in a process of its own that a test can stop and
// continue (SIGSTOP, SIGCONT) as a computer's sleep stops it. Prints one
// line of JSON: its URL and its owner's credentials.
import { startHost } from '../../src-main/server/host';

const [dataDir, idleMs] = process.argv.slice(2);
if (!dataDir || !idleMs) throw new Error('usage: sleepyHost.ts DATA_DIR IDLE_MS');
const host = await startHost({
  dataDir,
  port: 0,
  announce: false,
  rateLimits: false,
  queueTimeouts: { idleMs: Number(idleMs), heartbeatMs: 60_000 },
});
process.stdout.write(
  `${JSON.stringify({ url: host.url, email: host.owner.email, apiKey: host.owner.apiKey })}\n`,
);
process.once('SIGTERM', () => void host.close().then(() => process.exit(0)));
