import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { createBridgeService } from '../client/bridge/bridgeService';
import { HearthApp } from '../client/app/hearthApp';
import { noHosting } from '../client/ports/hostingPort';
import { createMemorySecretStore } from '../client/secretStore';
import { defaultDataDir } from '../server/dataDir';
import { startHost } from '../server/host';
import { portOption } from './portOption';
import { terminalConfirm } from './terminalConfirm';
import { startWebBridge } from './webBridge';

const usage = `Usage: npm run dev:web -- [options]

Runs the Hearth UI in a browser: hosts a development organization (demo users,
streams and messages), signs in as its owner, and serves the built renderer with
the bridge over a WebSocket.

Options:
  --port <n>          port of the page (default 5180)
  --server-port <n>   port of the chat service (default 9992)
  --data-dir <dir>    the development organization's folder
                      (default: hearth-dev beside the normal data folder)`;

function port(value: string | undefined, fallback: number, flag: string): number {
  const parsed = portOption(value, fallback);
  if (parsed === null) {
    console.error(`hearth dev:web: ${flag} must be a port number\n\n${usage}`);
    process.exit(2);
  }
  return parsed;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        'server-port': { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(
      `hearth dev:web: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`,
    );
    process.exit(2);
  }
  if (values.help) return console.log(usage);

  const starting = start({
    dataDir: values['data-dir'] ?? join(dirname(defaultDataDir()), 'hearth-dev'),
    serverPort: port(values['server-port'], 9992, '--server-port'),
    webPort: port(values.port, 5180, '--port'),
  });
  const shutDown = (): void =>
    void starting.then((running) => running.stop()).finally(() => process.exit(0));
  process.once('SIGINT', shutDown);
  process.once('SIGTERM', shutDown);

  const { host, web } = await starting;
  console.log(`Chat service: ${host.url} (signed in as ${host.owner.email})`);
  console.log(`Open the UI: ${web.url}`);
}

async function start(options: { dataDir: string; serverPort: number; webPort: number }) {
  const host = await startHost({ dataDir: options.dataDir, port: options.serverPort, dev: true });
  // A throw-away profile, signed in to the demo organization as its owner.
  const profileDir = await mkdtemp(join(tmpdir(), 'hearth-dev-web-'));
  const app = await HearthApp.start({
    profileDir,
    secrets: createMemorySecretStore(),
    hosting: noHosting('dev:web hosts its demo organization itself'),
    confirm: terminalConfirm(),
  });
  const joined = await app.join({
    method: 'apiKey',
    serverUrl: host.url,
    email: host.owner.email,
    apiKey: host.owner.apiKey,
  });
  if (!joined.ok) throw new Error(`could not sign in to the demo organization: ${joined.message}`);
  const web = await startWebBridge({
    rendererDir: 'out/renderer',
    service: createBridgeService(app),
    imageOrigins: [host.url],
    port: options.webPort,
  });
  const stop = async (): Promise<void> => {
    await web.close();
    await app.stop();
    await host.close();
    await rm(profileDir, { recursive: true, force: true });
  };
  return { host, web, stop };
}

main().catch((error: unknown) => {
  console.error(`hearth dev:web: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
