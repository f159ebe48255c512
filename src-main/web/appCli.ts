import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { nodeCheckProcess } from '../client/cache/cacheCheck';
import { systemConfigPath } from '../client/preferences/systemConfig';
import { spawnWorkerFile } from '../desktop/hosting';
import { startHearth } from '../desktop/startHearth';
import { portOption } from './portOption';
import { terminalConfirm } from './terminalConfirm';
import { startWebBridge } from './webBridge';

const usage = `Usage: npm run app:web -- --profile <dir> [options]

Runs exactly what the Hearth desktop app runs (accounts, the organization this
computer hosts, sessions, caches, outbox, the keychain or its fallback) and
serves its window to a browser over a WebSocket bridge. What the desktop app
confirms in a dialog (serving the network, exporting, a new API key, restoring
a backup) is asked here, in the terminal.

Options:
  --profile <dir>   the app's data folder (required; use a new folder to start afresh)
  --port <n>        port of the page (default 5181; 0 picks a free one)
  --host-port <n>   port tried first when this computer hosts an organization
                    (default 9991; 0 picks a free one)`;

const builtRenderer = 'out/renderer';
const builtWorker = 'out/main/hostWorker.js';

function fail(message: string, code = 2): never {
  console.error(`hearth app:web: ${message}\n\n${usage}`);
  process.exit(code);
}

function port(value: string | undefined, fallback: number, flag: string): number {
  return portOption(value, fallback) ?? fail(`${flag} must be a whole number from 0 to 65535`);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        profile: { type: 'string' },
        port: { type: 'string' },
        'host-port': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return console.log(usage);
  const profile = values.profile?.trim();
  if (profile === undefined || profile === '') fail('--profile is required');
  const profileDir = resolve(profile);
  for (const built of [`${builtRenderer}/index.html`, builtWorker]) {
    if (!existsSync(built)) fail(`${built} is missing: run \`npm run build\` first`, 1);
  }

  const starting = (async () => {
    const hearth = await startHearth({
      profileDir,
      spawnHostWorker: spawnWorkerFile(resolve(builtWorker)),
      checkProcess: nodeCheckProcess,
      preferredPort: port(values['host-port'], 9991, '--host-port'),
      confirm: terminalConfirm(),
      systemConfigFile: systemConfigPath({
        platform: process.platform,
        env: process.env,
        overridable: true,
      }),
    });
    const web = await startWebBridge({
      rendererDir: builtRenderer,
      service: hearth.service,
      port: port(values.port, 5181, '--port'),
    });
    return { hearth, web };
  })();
  const shutDown = (): void =>
    void starting
      .then(async ({ hearth, web }) => {
        await web.close();
        await hearth.stop();
      })
      .finally(() => process.exit(0));
  process.once('SIGINT', shutDown);
  process.once('SIGTERM', shutDown);

  const { web } = await starting;
  console.log(`Hearth is running on the profile ${profileDir}`);
  console.log(`Open the window: ${web.url}`);
}

main().catch((error: unknown) => {
  console.error(`hearth app:web: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
