import { createServer as createListener, type AddressInfo } from 'node:net';
import { createServer } from '@pondwader/socks5-server';
import { resolveOfficeNames } from './officeNames';

// An office's SOCKS5 proxy, in a process of its own: it alone knows the
// office's names. It prints its port, then each connection it is asked for,
// as the HTTP proxy prints its CONNECTs. With PROXY_CREDENTIALS
// ("user:password") it asks for them. Its rules, as an office's may, forbid
// one server: forbidden.corp.example.
resolveOfficeNames();
const credentials = process.env.PROXY_CREDENTIALS ?? '';
const colon = credentials.indexOf(':');

const socks = createServer(
  colon > 0
    ? { auth: { username: credentials.slice(0, colon), password: credentials.slice(colon + 1) } }
    : {},
);
socks.setRulesetValidator((connection) => {
  process.stdout.write(`CONNECT ${connection.destAddress}:${connection.destPort}\n`);
  return connection.destAddress !== 'forbidden.corp.example';
});
// The package's own listener does not tell its port; it takes sockets from ours.
const listener = createListener((socket) => socks._handleConnection(socket));
listener.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(listener.address() as AddressInfo).port}\n`);
});
