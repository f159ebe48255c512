import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveOnce } from '../helpers/cliHost';

const line = (output: string, prefix: string) =>
  output.split('\n').find((text) => text.startsWith(prefix));

describe('npm run serve', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-cli-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('prints the same owner and zuliprc on a second start, and shuts down cleanly', async () => {
    const first = await serveOnce(['--port', '0', '--data-dir', dataDir]);
    const second = await serveOnce(['--port', '0', '--data-dir', dataDir]);

    expect(first.exitCode, first.output).toBe(0);
    expect(second.exitCode, second.output).toBe(0);
    expect(line(first.output, 'Hearth is hosting')).toMatch(/at http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    expect(line(first.output, 'Owner:')).toBeDefined();
    expect(line(second.output, 'Owner:')).toBe(line(first.output, 'Owner:'));
    expect(line(second.output, 'zuliprc:')).toBe(`zuliprc: ${join(dataDir, 'zuliprc')}`);
    expect(line(first.output, 'zuliprc:')).toBe(line(second.output, 'zuliprc:'));
  }, 60_000);

  it('writes a zuliprc that only its owner can read, in the Python client format', async () => {
    const path = join(dataDir, 'zuliprc');
    const text = await readFile(path, 'utf8');
    expect(text).toMatch(
      /^\[api\]\nemail=.+\nkey=[A-Za-z0-9]{32}\nsite=http:\/\/127\.0\.0\.1:\d+\n$/,
    );
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('explains its flags and exits with status 2 on a bad one', async () => {
    const unknown = await serveOnce(['--frobnicate']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.output).toContain('Usage:');
    const badPort = await serveOnce(['--port', 'ninety']);
    expect(badPort.exitCode).toBe(2);
    expect(badPort.output).toContain('--port');
    const badLimit = await serveOnce(['--rate-limit', '0']);
    expect(badLimit.exitCode).toBe(2);
    expect(badLimit.output).toContain('--rate-limit must be a whole number');
  }, 60_000);

  it('refuses an --allowed-host that is no host name, with status 2', async () => {
    const badName = await serveOnce(['--allowed-host', 'chat.corp.example/']);
    expect(badName.exitCode).toBe(2);
    expect(badName.output).toContain(
      "--allowed-host takes a host name or address, not 'chat.corp.example/'",
    );
  }, 60_000);

  it('serves the network over HTTPS with --tls, and plain HTTP on loopback', async () => {
    const served = await serveOnce([
      '--host',
      '0.0.0.0',
      '--tls',
      '--port',
      '0',
      '--data-dir',
      dataDir,
    ]);
    expect(served.exitCode, served.output).toBe(0);
    expect(line(served.output, 'Hearth is hosting')).toMatch(/at http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    expect(line(served.output, 'On the network:')).toMatch(
      /^On the network: https:\/\/[\d.]+:[1-9]\d*$/,
    );
    expect(line(served.output, 'Certificate SHA-256 fingerprint:')).toMatch(
      /([0-9A-F]{2}:){31}[0-9A-F]{2}$/,
    );
    expect(line(served.output, 'Certificate (a zuliprc')).toContain(
      join(dataDir, 'tls', 'certificate.pem'),
    );
  }, 60_000);

  it('refuses to serve the network without TLS', async () => {
    const served = await serveOnce(['--host', '0.0.0.0', '--port', '0', '--data-dir', dataDir]);
    expect(served.exitCode).toBe(2);
    expect(served.output).toContain('add --tls');
  }, 60_000);

  // Ports below the kernel's unprivileged start need rights an ordinary user
  // lacks; as root, the test runs the host as nobody to be that user.
  const unprivilegedStart = Number(
    readFileSync('/proc/sys/net/ipv4/ip_unprivileged_port_start', 'utf8'),
  );
  it.skipIf(unprivilegedStart === 0)(
    'says why it cannot have a privileged port, and exits with status 1',
    async () => {
      const nobody = process.getuid?.() === 0 ? { uid: 65534 } : {};
      const otherDir = await mkdtemp(join(tmpdir(), 'hearth-cli-nobody-'));
      await chmod(otherDir, 0o777);
      try {
        const served = await serveOnce(
          [
            '--host',
            '127.0.0.1',
            '--tls',
            '--port',
            String(unprivilegedStart - 1),
            '--loopback-port',
            '0',
            '--data-dir',
            join(otherDir, 'data'),
          ],
          nobody,
        );
        expect(served.exitCode, served.output).toBe(1);
        expect(served.output).toContain('ports below 1024 need administrator rights');
      } finally {
        await rm(otherDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
