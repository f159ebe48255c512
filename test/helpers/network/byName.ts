import { request, type Agent } from 'node:https';
import type { TLSSocket } from 'node:tls';

export interface ByNameAnswer {
  status: number;
  body: string;
  /** The SHA-256 fingerprint of the certificate the server presented. */
  fingerprint: string;
}

/**
 * GET `path` from a host on loopback as a phone reaches it by its public
 * name: the name in SNI and in the Host header, and only `ca` trusted.
 */
export function getByName(
  port: number,
  name: string,
  path: string,
  { ca, agent, hostHeader = name }: { ca: string; agent?: Agent; hostHeader?: string },
): Promise<ByNameAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        servername: name,
        headers: { Host: `${hostHeader}:${port}` },
        ca,
        agent: agent ?? false,
      },
      (response) => {
        const fingerprint = (response.socket as TLSSocket).getPeerCertificate().fingerprint256;
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, fingerprint }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
