import dns from 'node:dns';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy } from 'proxy';

// An office's proxy, in a process of its own: it alone knows the office's
// names (*.corp.example), as only a company's proxy can resolve its
// internal servers. It prints its port, then each CONNECT it is asked for.
const credentials = process.env.PROXY_CREDENTIALS ?? '';
const resolveLocally = dns.lookup;
dns.lookup = ((hostname: string, options: unknown, callback: unknown) => {
  if (hostname.endsWith('.corp.example')) {
    const done = (typeof options === 'function' ? options : callback) as (
      error: null,
      address: string | { address: string; family: number }[],
      family?: number,
    ) => void;
    const all = typeof options === 'object' && options !== null && 'all' in options;
    if (all) done(null, [{ address: '127.0.0.1', family: 4 }]);
    else done(null, '127.0.0.1', 4);
    return;
  }
  return (resolveLocally as (...args: unknown[]) => void)(hostname, options, callback);
}) as typeof dns.lookup;

const server = createProxy(createServer());
if (credentials !== '') {
  server.authenticate = (request) =>
    request.headers['proxy-authorization'] ===
    `Basic ${Buffer.from(credentials).toString('base64')}`;
}
server.on('connect', (request: { url?: string }) => {
  process.stdout.write(`CONNECT ${request.url ?? ''}\n`);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
