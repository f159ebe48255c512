import { connect as tcpConnect, isIP, type LookupFunction, type Socket } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { SocksClient } from 'socks';
import { CertificateChangedError, presentedCertificate, type CertificatePin } from './certificates';
import { ProxyError } from './proxyError';
import type { ProxyServer, Route } from './proxySetting';

/** What a connection's certificate must satisfy. */
export type Trust =
  /** Chains to one of these authorities and names the host, as a browser checks it. */
  | { kind: 'authorities'; authorities: readonly string[] }
  /** Is exactly this certificate, whatever it says of itself: the person trusted it. */
  | { kind: 'pin'; pin: CertificatePin }
  /** Anything: only to read what a server presents, never to send to it. */
  | { kind: 'inspect' };

export interface Target {
  host: string;
  port: number;
  /** TLS to the server, over whatever route. */
  secure: boolean;
}

const timedOut = (what: string): Error =>
  Object.assign(new Error(`${what} did not answer in time`), { code: 'ETIMEDOUT' });

/** How a connection is opened: its time limit, whom a proxy's HTTPS is checked against, and the resolver. */
export interface SocketOptions {
  timeoutMs: number;
  proxyAuthorities: readonly string[];
  lookup?: LookupFunction;
}

/** A TCP connection, refused or timed out as Node names it, once connected. */
function reach(
  host: string,
  port: number,
  timeoutMs: number,
  lookup?: LookupFunction,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect({ host, port, ...(lookup ? { lookup } : {}) });
    socket.setTimeout(timeoutMs, () => socket.destroy(timedOut(`${host}:${port}`)));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.off('error', reject);
      resolve(socket);
    });
  });
}

/** The connection to the proxy itself: TCP, or TLS for an HTTPS proxy, checked against the system's trust. */
async function reachProxy(
  proxy: ProxyServer,
  authorities: readonly string[],
  timeoutMs: number,
): Promise<Socket> {
  let socket: Socket;
  try {
    socket = await reach(proxy.host, proxy.port, timeoutMs);
    if (proxy.scheme === 'https') {
      socket = await secure(socket, proxy.host, { kind: 'authorities', authorities }, timeoutMs);
    }
  } catch (error) {
    throw new ProxyError('unreachable', proxy, 'could not be reached', null, { cause: error });
  }
  return socket;
}

const connectRequest = (target: Target, proxy: ProxyServer): string => {
  const authority = `${isIP(target.host) === 6 ? `[${target.host}]` : target.host}:${target.port}`;
  const lines = [`CONNECT ${authority} HTTP/1.1`, `Host: ${authority}`];
  if (proxy.username !== null) {
    const token = Buffer.from(`${proxy.username}:${proxy.password ?? ''}`).toString('base64');
    lines.push(`Proxy-Authorization: Basic ${token}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
};

/** The status of the proxy's answer to CONNECT, once its head has arrived whole. */
function tunnelStatus(socket: Socket, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    const done = (error: Error | null, status = 0) => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('end', onEnd);
      socket.setTimeout(0);
      if (error) reject(error);
      else resolve(status);
    };
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head.length > 16_384) done(new Error('sent an answer without an end'));
        return;
      }
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head.toString('latin1'))?.[1];
      if (status === undefined) done(new Error('answered CONNECT with something other than HTTP'));
      else done(null, Number(status));
      // Past a tunnel's head, the bytes are the server's (an error's, the proxy's
      // own body); they go back once this reader is off the socket.
      if (head.length > end + 4) socket.unshift(head.subarray(end + 4));
    };
    const onError = (error: Error) => done(error);
    const onEnd = () => done(new Error('closed the connection before answering'));
    socket.on('data', onData);
    socket.once('error', onError);
    socket.once('end', onEnd);
    socket.setTimeout(timeoutMs, () => done(timedOut('the proxy')));
  });
}

async function httpTunnel(
  socket: Socket,
  target: Target,
  proxy: ProxyServer,
  timeoutMs: number,
): Promise<Socket> {
  socket.write(connectRequest(target, proxy));
  let status: number;
  try {
    status = await tunnelStatus(socket, timeoutMs);
  } catch (error) {
    socket.destroy();
    throw new ProxyError('refused', proxy, (error as Error).message, null, { cause: error });
  }
  if (status >= 200 && status < 300) return socket;
  socket.destroy();
  if (status === 407) {
    throw new ProxyError(
      'credentials',
      proxy,
      proxy.username === null
        ? 'asks for a user name and password (HTTP 407)'
        : 'did not accept the user name and password (HTTP 407)',
      status,
    );
  }
  if (status === 502 || status === 503 || status === 504) {
    throw new ProxyError(
      'target-unreachable',
      proxy,
      `could not reach ${target.host} (HTTP ${status})`,
      status,
    );
  }
  throw new ProxyError(
    'refused',
    proxy,
    `refused to connect to ${target.host} (HTTP ${status})`,
    status,
  );
}

async function socksTunnel(
  socket: Socket,
  target: Target,
  proxy: ProxyServer,
  timeoutMs: number,
): Promise<Socket> {
  try {
    const { socket: tunnel } = await SocksClient.createConnection({
      existing_socket: socket,
      proxy: {
        host: proxy.host,
        port: proxy.port,
        type: 5,
        ...(proxy.username === null
          ? {}
          : { userId: proxy.username, password: proxy.password ?? '' }),
      },
      command: 'connect',
      destination: { host: target.host, port: target.port },
      timeout: timeoutMs,
    });
    return tunnel;
  } catch (error) {
    socket.destroy();
    throw socksFailure(error instanceof Error ? error.message : String(error), target, proxy);
  }
}

// The SOCKS5 replies (RFC 1928, section 6) that say the proxy could not get
// to the server, as the socks package names them after "rejected connection - ".
const unreachableReplies = new Set([
  'NetworkUnreachable',
  'HostUnreachable',
  'ConnectionRefused',
  'TTLExpired',
]);

/**
 * The proxy's failure in the socks package's words. Its error is not kept as
 * the cause: it carries the options it was given, the proxy's password among them.
 */
function socksFailure(message: string, target: Target, proxy: ProxyServer): ProxyError {
  const cause = new Error(message);
  // Both a refused password and no method in common (the proxy wants one, none was offered).
  if (/authentication/i.test(message)) {
    return new ProxyError(
      'credentials',
      proxy,
      proxy.username === null
        ? 'asks for a user name and password'
        : 'did not accept the user name and password',
      null,
      { cause },
    );
  }
  const reply = /rejected connection - (\w+)/i.exec(message)?.[1];
  if (reply !== undefined && unreachableReplies.has(reply)) {
    return new ProxyError('target-unreachable', proxy, `could not reach ${target.host}`, null, {
      cause,
    });
  }
  return new ProxyError(
    'refused',
    proxy,
    reply === undefined ? `failed: ${message}` : `refused to connect to ${target.host} (${reply})`,
    null,
    { cause },
  );
}

/**
 * TLS over the socket, checked as the trust says before the socket is handed
 * on: nothing (an API key least of all) is sent to a server that fails it.
 */
export function secure(
  socket: Socket,
  host: string,
  trust: Trust,
  timeoutMs: number,
): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const tls = tlsConnect({
      socket,
      // The name the certificate is checked against: over a socket of its
      // own, Node would otherwise check an address against "localhost".
      host,
      // SNI names hosts, never addresses.
      ...(isIP(host) === 0 ? { servername: host } : {}),
      ALPNProtocols: ['http/1.1'],
      ...(trust.kind === 'authorities'
        ? { ca: [...trust.authorities] }
        : { rejectUnauthorized: false }),
    });
    tls.setTimeout(timeoutMs, () => tls.destroy(timedOut(host)));
    tls.once('error', reject);
    tls.once('secureConnect', () => {
      tls.setTimeout(0);
      tls.off('error', reject);
      if (trust.kind === 'pin') {
        const presented = presentedCertificate(tls);
        if (presented.fingerprint !== trust.pin.fingerprint) {
          const changed = new CertificateChangedError(host, trust.pin.fingerprint, presented);
          tls.destroy();
          reject(changed);
          return;
        }
      }
      resolve(tls);
    });
  });
}

/**
 * A connection to the target along the route: directly, through an HTTP(S)
 * proxy's CONNECT tunnel, or through a SOCKS5 proxy (which resolves the name
 * itself), with TLS to the target on top where it is HTTPS.
 */
export async function openSocket(
  target: Target,
  route: Route,
  trust: Trust,
  options: SocketOptions,
): Promise<Socket> {
  const { timeoutMs } = options;
  let socket: Socket;
  if (route.kind === 'direct') {
    socket = await reach(target.host, target.port, timeoutMs, options.lookup);
  } else {
    const proxy = route.proxy;
    const toProxy = await reachProxy(proxy, options.proxyAuthorities, timeoutMs);
    socket =
      proxy.scheme === 'socks5'
        ? await socksTunnel(toProxy, target, proxy, timeoutMs)
        : await httpTunnel(toProxy, target, proxy, timeoutMs);
  }
  if (!target.secure) return socket;
  try {
    return await secure(socket, target.host, trust, timeoutMs);
  } catch (error) {
    socket.destroy();
    throw error;
  }
}
