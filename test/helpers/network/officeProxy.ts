import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface OfficeProxy {
  /** As HTTPS_PROXY names it, credentials left out. */
  url: string;
  port: number;
  /** The `host:port` of each tunnel asked for, in order. */
  readonly tunnels: string[];
  close(): Promise<void>;
}

const script = fileURLToPath(new URL('./officeProxyProcess.ts', import.meta.url));

/**
 * A real HTTP CONNECT proxy (the `proxy` package) in a process of its own,
 * which alone resolves `*.corp.example` (to this computer). With
 * `credentials` ("user:password") it answers 407 to any other.
 */
export function startOfficeProxy(credentials = ''): Promise<OfficeProxy> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PROXY_CREDENTIALS: credentials },
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
            url: `http://127.0.0.1:${port}`,
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
