import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resolver } from 'node:dns/promises';
import type { TsigKey } from '../../../src-main/server/certificates/tsig';

/** Debian's BIND, serving one zone on loopback that takes updates signed with `key`. */
export interface BindServer {
  port: number;
  zone: string;
  key: TsigKey;
  /** The records of `name` of `type` as the server answers them now. */
  lookup(name: string, type: 'A' | 'AAAA' | 'TXT'): Promise<string[]>;
  /**
   * Names resolved by this server alone, as an office's DNS resolves them
   * for its computers: for a client's connections (`net.connect`'s lookup).
   */
  resolveNames: LookupFunction;
  close(): Promise<void>;
}

/** A port free for both TCP and UDP on 127.0.0.1, as DNS needs both. */
export async function freeDnsPort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen({ host: '127.0.0.1', port: 0 }, () => {
        const { port: taken } = server.address() as { port: number };
        server.close(() => resolve(taken));
      });
    });
    const udpFree = await new Promise<boolean>((resolve) => {
      const socket = createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
    });
    if (udpFree) return port;
  }
}

const waitForAnswer = async (resolver: Resolver, zone: string, child: ChildProcess) => {
  for (let tries = 0; tries < 100; tries++) {
    if (child.exitCode !== null) throw new Error(`named exited with ${child.exitCode}`);
    try {
      await resolver.resolveSoa(zone);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('named did not start answering');
};

/** Starts `named` in the foreground with a zone of its own; `close` stops it and removes its files. */
export async function startBind(zone = 'office.test'): Promise<BindServer> {
  const dir = await mkdtemp(join(tmpdir(), 'hearth-bind-'));
  const port = await freeDnsPort();
  const key: TsigKey = {
    name: 'hearth-update',
    algorithm: 'hmac-sha256',
    secret: randomBytes(32).toString('base64'),
  };
  await writeFile(
    join(dir, 'zone.db'),
    [
      '$TTL 60',
      `@ IN SOA ns.${zone}. hostmaster.${zone}. 1 60 60 600 60`,
      `@ IN NS ns.${zone}.`,
      'ns IN A 127.0.0.1',
      '',
    ].join('\n'),
  );
  await writeFile(
    join(dir, 'named.conf'),
    `options {
  directory "${dir}";
  pid-file "${dir}/named.pid";
  session-keyfile "${dir}/session.key";
  managed-keys-directory "${dir}";
  listen-on port ${port} { 127.0.0.1; };
  listen-on-v6 { none; };
  recursion no;
  dnssec-validation no;
  notify no;
};
controls { };
key "${key.name}" { algorithm ${key.algorithm}; secret "${key.secret}"; };
zone "${zone}" {
  type primary;
  file "${dir}/zone.db";
  update-policy { grant ${key.name} zonesub ANY; };
};
`,
  );
  const child = spawn('/usr/sbin/named', ['-g', '-4', '-c', join(dir, 'named.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const resolver = new Resolver({ timeout: 500, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  try {
    await waitForAnswer(resolver, zone, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
  }
  return {
    port,
    zone,
    key,
    lookup: async (name, type) => {
      try {
        if (type === 'TXT') return (await resolver.resolveTxt(name)).map((parts) => parts.join(''));
        return type === 'A' ? await resolver.resolve4(name) : await resolver.resolve6(name);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENODATA' || code === 'ENOTFOUND') return [];
        throw error;
      }
    },
    resolveNames: (hostname, options, callback) => {
      resolver.resolve4(hostname).then(
        ([address]) => {
          if (address === undefined) {
            callback(
              Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
              '',
            );
          } else if (options.all) callback(null, [{ address, family: 4 }]);
          else callback(null, address, 4);
        },
        (error: NodeJS.ErrnoException) => callback(error, ''),
      );
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
