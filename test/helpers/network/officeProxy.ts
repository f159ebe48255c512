import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ProxyScheme } from '../../../src-main/wire/proxySetting';
import type { KeyAndCertificate } from './testAuthority';

export interface OfficeProxy {
  /** As HTTPS_PROXY names it, credentials left out. */
  url: string;
  port: number;
  /** The `host:port` of each tunnel asked for, in order. */
  readonly tunnels: string[];
  close(): Promise<void>;
}

export interface OfficeProxyOptions {
  /** `http` (the default) and `https` are CONNECT proxies; `socks5` a SOCKS5 one. */
  scheme?: ProxyScheme;
  /** What an HTTPS proxy presents to its clients. */
  certificate?: KeyAndCertificate;
}

const scripts: Readonly<Record<ProxyScheme, string>> = {
  http: fileURLToPath(new URL('./officeProxyProcess.ts', import.meta.url)),
  https: fileURLToPath(new URL('./officeProxyProcess.ts', import.meta.url)),
  socks5: fileURLToPath(new URL('./socksProxyProcess.ts', import.meta.url)),
};

/**
 * A real proxy (the `proxy` package for HTTP and HTTPS, `@pondwader/socks5-server`
 * for SOCKS5) in a process of its own, which alone resolves `*.corp.example`
 * (to this computer). With `credentials` ("user:password") it refuses any other.
 * The SOCKS5 proxy's rules forbid `forbidden.corp.example`.
 */
export function startOfficeProxy(
  credentials = '',
  options: OfficeProxyOptions = {},
): Promise<OfficeProxy> {
  const { scheme = 'http', certificate } = options;
  if (scheme === 'https' && !certificate) throw new Error('an HTTPS proxy needs a certificate');
  const child = spawn(process.execPath, ['--import', 'tsx', scripts[scheme]], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PROXY_CREDENTIALS: credentials,
      PROXY_CERTIFICATE: scheme === 'https' ? JSON.stringify(certificate) : '',
    },
  });
  const tunnels: string[] = [];
  return new Promise((resolve, reject) => {
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const connect = /^CONNECT (.+)$/.exec(line);
        if (connect?.[1]) tunnels.push(connect[1]);
        const port = Number(/^listening (\d+)$/.exec(line)?.[1]);
        if (port) {
          resolve({
            url: `${scheme}://127.0.0.1:${port}`,
            port,
            tunnels,
            close: () =>
              new Promise((done) => {
                child.once('exit', () => done());
                child.kill();
              }),
          });
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`the proxy exited (${code}) before listening`)));
  });
}
