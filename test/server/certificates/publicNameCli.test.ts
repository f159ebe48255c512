import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBind, type BindServer } from '../../helpers/network/bindServer';
import { startPebble, type PebbleServer } from '../../helpers/network/pebbleServer';

// Issue 53, point 2 as an owner types it: npm run serve with a public name,
// the DNS server's key file as tsig-keygen writes it, and an authority that
// Node trusts (pebble's root and listener, added as NODE_EXTRA_CA_CERTS adds
// a company's).

let bind: BindServer;
let pebble: PebbleServer;
let dir: string;
let keyFile: string;
let trust: string;

beforeAll(async () => {
  bind = await startBind('office.test');
  pebble = await startPebble(bind.port);
  dir = await mkdtemp(join(tmpdir(), 'hearth-public-cli-'));
  keyFile = join(dir, 'hearth-update.key');
  await writeFile(
    keyFile,
    `key "${bind.key.name}" {\n\talgorithm ${bind.key.algorithm};\n\tsecret "${bind.key.secret}";\n};\n`,
  );
  trust = join(dir, 'trust.pem');
  await writeFile(trust, `${pebble.listenerCertPem}\n${pebble.rootPem}`);
}, 30_000);
afterAll(async () => {
  await pebble.close();
  await bind.close();
  await rm(dir, { recursive: true, force: true });
});

function serve(flags: string[]): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src-main/server/cli.ts', '--port', '0', ...flags],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_EXTRA_CA_CERTS: trust } },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    exited: new Promise((resolve) => child.on('exit', resolve)),
  };
}

function issuerByName(port: number, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/server_settings',
        servername: name,
        headers: { Host: `${name}:${port}` },
        rejectUnauthorized: false,
        agent: false,
      },
      (response) => {
        const issuer = String((response.socket as TLSSocket).getPeerCertificate().issuer.CN);
        response.resume();
        response.on('end', () => resolve(issuer));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function started(host: ReturnType<typeof serve>): Promise<void> {
  for (let tries = 0; tries < 300 && !/^Owner: /m.test(host.output()); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm run serve -- --public-name', () => {
  it('asks the authority for the name’s certificate and serves it once it comes, until told to forget it', async () => {
    const dataDir = await mkdtemp(join(dir, 'data-'));
    const host = serve([
      '--data-dir',
      dataDir,
      '--host',
      '127.0.0.1',
      '--public-name',
      'chat.office.test',
      '--dns-server',
      `127.0.0.1:${bind.port}`,
      '--dns-key-file',
      keyFile,
      '--dns-zone',
      'office.test',
      '--acme-directory',
      pebble.directoryUrl,
    ]);
    try {
      await started(host);
      expect(host.output()).toMatch(
        /Public name chat\.office\.test: asking the authority for its certificate/,
      );
      const port = Number(/On the network: https:\/\/[\d.]+:(\d+)/.exec(host.output())?.[1]);
      let issuer = '';
      for (let tries = 0; tries < 600 && !/Pebble/.test(issuer); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        issuer = await issuerByName(port, 'chat.office.test');
      }
      expect(issuer).toMatch(/Pebble/);
      expect(await bind.lookup('chat.office.test', 'A')).toEqual(['127.0.0.1']);
      expect(host.output()).not.toContain(bind.key.secret);
    } finally {
      host.child.kill('SIGTERM');
      await host.exited;
    }

    const forgetting = serve([
      '--data-dir',
      dataDir,
      '--host',
      '127.0.0.1',
      '--forget-public-name',
    ]);
    try {
      await started(forgetting);
      expect(forgetting.output()).toContain('the public name chat.office.test is forgotten');
      expect(forgetting.output()).not.toMatch(/Public name chat\.office\.test/);
      expect(await bind.lookup('chat.office.test', 'A')).toEqual([]);
    } finally {
      forgetting.child.kill('SIGTERM');
      await forgetting.exited;
    }
  }, 90_000);

  it('refuses to forget the public name while given one', async () => {
    const host = serve([
      '--forget-public-name',
      '--public-name',
      'chat.office.test',
      '--dns-server',
      '127.0.0.1',
      '--dns-key-file',
      keyFile,
    ]);
    expect(await host.exited).toBe(2);
    expect(host.output()).toContain('give it without --public-name');
  });

  it('refuses a public name without the DNS server that changes its records', async () => {
    const host = serve(['--public-name', 'chat.office.test']);
    expect(await host.exited).toBe(2);
    expect(host.output()).toContain('--public-name needs --dns-server and --dns-key-file');
  });

  it('refuses a key file that is not one', async () => {
    const notKey = join(dir, 'not-a-key');
    await writeFile(notKey, 'secret "abc";\n');
    const host = serve([
      '--public-name',
      'chat.office.test',
      '--dns-server',
      '127.0.0.1',
      '--dns-key-file',
      notKey,
    ]);
    expect(await host.exited).toBe(2);
    expect(host.output()).toContain('holds no key statement');
  });

  it("refuses Cloudflare's token beside a DNS server, and a token file with no token", async () => {
    const tokenFile = join(dir, 'cloudflare-token.txt');
    await writeFile(tokenFile, 'a-token\n');
    const both = serve([
      '--public-name',
      'chat.office.test',
      '--dns-server',
      '127.0.0.1',
      '--cloudflare-token-file',
      tokenFile,
    ]);
    expect(await both.exited).toBe(2);
    expect(both.output()).toContain('--cloudflare-token-file replaces --dns-server');

    const empty = join(dir, 'empty-token.txt');
    await writeFile(empty, '\n');
    const none = serve(['--public-name', 'chat.office.test', '--cloudflare-token-file', empty]);
    expect(await none.exited).toBe(2);
    expect(none.output()).toContain('holds no API token');
  });
});
