import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createProxy } from 'proxy';
import { resolveOfficeNames } from './officeNames';

// An office's HTTP proxy, in a process of its own: it alone knows the
// office's names. It prints its port, then each CONNECT it is asked for.
// With PROXY_CERTIFICATE it is an HTTPS proxy: clients speak TLS to it.
resolveOfficeNames();
const credentials = process.env.PROXY_CREDENTIALS ?? '';
const certificate = process.env.PROXY_CERTIFICATE
  ? (JSON.parse(process.env.PROXY_CERTIFICATE) as { keyPem: string; certPem: string })
  : null;

const server = createProxy(
  certificate
    ? createTlsServer({ key: certificate.keyPem, cert: certificate.certPem })
    : createServer(),
);
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
