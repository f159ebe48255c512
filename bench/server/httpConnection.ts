import { connect, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path and query string. */
  path: string;
  /** A form-encoded body. */
  body?: string;
}

export interface HttpResponse {
  status: number;
  body: string;
}

const headerEnd = Buffer.from('\r\n\r\n');

// The one certificate the bench's HTTPS connections trust: the TLS host's
// own, which the bare node:https ceilings serve too.
let trusted: string | undefined;

export function trustCertificate(certPem: string): void {
  trusted = certPem;
}

/**
 * One keep-alive HTTP/1.1 connection, one request at a time. Far lighter
 * than fetch, so that the load generator is not what limits a fast server.
 */
export class HttpConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiting:
    { resolve: (response: HttpResponse) => void; reject: (error: Error) => void } | undefined;
  // Why the connection ended, once it has: a request on it then fails at once
  // rather than wait for an answer that cannot come.
  private ended: Error | undefined;

  private constructor(
    private readonly socket: Socket,
    private readonly fixedHeaders: string,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.received(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed')));
  }

  /** Opens a connection to `url`'s host; `authorization` is sent with every request. */
  static open(url: string, authorization?: string): Promise<HttpConnection> {
    const { hostname, port, host, protocol } = new URL(url);
    const headers =
      `Host: ${host}\r\nUser-Agent: HearthBench/1.0\r\n` +
      (authorization ? `Authorization: ${authorization}\r\n` : '');
    return new Promise((resolve, reject) => {
      const opened = () => {
        socket.off('error', reject);
        resolve(new HttpConnection(socket, headers));
      };
      const socket =
        protocol === 'https:'
          ? connectTls({ host: hostname, port: Number(port), ca: trusted }, opened)
          : connect({ host: hostname, port: Number(port) }, opened);
      socket.once('error', reject);
    });
  }

  request(request: HttpRequest): Promise<HttpResponse> {
    if (this.waiting) throw new Error('one request at a time on a connection');
    if (this.ended) return Promise.reject(this.ended);
    const body = request.body === undefined ? '' : request.body;
    const head =
      `${request.method} ${request.path} HTTP/1.1\r\n${this.fixedHeaders}` +
      (request.body === undefined
        ? '\r\n'
        : `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(head + body);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private received(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const end = this.buffer.indexOf(headerEnd);
    if (end < 0) return;
    const head = this.buffer.toString('latin1', 0, end);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
    if (length === undefined) {
      this.fail(new Error(`response without Content-Length: ${head.split('\r\n')[0]}`));
      return;
    }
    const total = end + headerEnd.length + Number(length);
    if (this.buffer.length < total) return;
    const response = {
      status: Number(head.slice(9, 12)),
      body: this.buffer.toString('utf8', end + headerEnd.length, total),
    };
    this.buffer = this.buffer.subarray(total);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(response);
  }

  private fail(error: Error): void {
    this.ended ??= error;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}
