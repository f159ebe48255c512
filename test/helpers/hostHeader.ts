import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import type { TestUser } from './org';

export interface NamedRequest {
  /** The Host header to send; null sends none. */
  host: string | null;
  method?: 'GET' | 'POST';
  path: string;
  user?: TestUser;
  /** A form body, for a POST. */
  form?: Record<string, string>;
  /** The certificate to trust, for an https:// server. */
  ca?: string;
}

export interface NamedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  // Tests assert on whatever came back; a loose shape keeps them short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * A request to `serverUrl` that names the server with any Host header, as a
 * web page whose name was rebound to this computer would: fetch() sets Host
 * from the URL, node:http lets the test choose it.
 */
export function requestNamed(serverUrl: string, options: NamedRequest): Promise<NamedAnswer> {
  const url = new URL(serverUrl);
  const address = url.hostname.replace(/^\[|\]$/g, '');
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers: Record<string, string> = {};
  if (options.host !== null) headers.host = options.host;
  if (options.user) {
    const token = Buffer.from(`${options.user.email}:${options.user.apiKey}`).toString('base64');
    headers.authorization = `Basic ${token}`;
  }
  if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        hostname: address,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers,
        setHost: false,
        agent: false,
        ...(options.ca === undefined
          ? {}
          : {
              ca: options.ca,
              // The certificate must name the address connected to, whatever Host says.
              checkServerIdentity: (_name: string, certificate: PeerCertificate) =>
                checkServerIdentity(address, certificate),
            }),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            json: parsed(text),
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** An HTTP/1.0 GET without a Host header, which the protocol allows; the status line and body. */
export function requestWithoutHost(
  serverUrl: string,
  path: string,
): Promise<{ status: number; json: unknown }> {
  const url = new URL(serverUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), json: parsed(rest.join('\r\n\r\n')) });
    });
    socket.write(`GET ${path} HTTP/1.0\r\n\r\n`);
  });
}
