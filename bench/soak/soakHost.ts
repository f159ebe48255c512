// `soakHost.mjs --data-dir DIR --port N --queue-idle-ms MS`: the host as the
// soak runs it, Hearth's own startHost serving the network over HTTPS, as
// `npm run serve -- --tls` does (the soak starts it with the same heap
// flags), but with a queue idle time the soak can outsleep in seconds rather
// than Zulip's ten minutes, and at a port it can start again on after
// killing it.
import { parseArgs } from 'node:util';
import { startHost } from '../../src-main/server/host';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    port: { type: 'string' },
    'queue-idle-ms': { type: 'string' },
  },
});
const dataDir = values['data-dir'];
if (!dataDir || values.port === undefined || values['queue-idle-ms'] === undefined) {
  throw new Error('usage: soakHost --data-dir <dir> --port <n> --queue-idle-ms <ms>');
}

const host = await startHost({
  dataDir,
  port: 0,
  network: { address: '127.0.0.1', port: Number(values.port) },
  announce: false,
  rateLimits: false,
  queueTimeouts: { idleMs: Number(values['queue-idle-ms']) },
});
if (!host.network || 'failure' in host.network) {
  throw new Error(`the host does not serve the network: ${JSON.stringify(host.network)}`);
}
for (const url of host.network.urls) console.log(`On the network: ${url}`);

process.once('SIGTERM', () => {
  host.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
