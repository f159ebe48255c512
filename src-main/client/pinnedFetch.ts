import { X509Certificate } from 'node:crypto';
import type { ClientRequest } from 'node:http';
import { Agent, request } from 'node:https';
import { connect, type PeerCertificate } from 'node:tls';

/** A server's own certificate, trusted by its fingerprint rather than by an authority. */
export interface CertificatePin {
  /** SHA-256, as colon-separated upper-case hex pairs. */
  fingerprint: string;
  certPem: string;
}

/** The server presented another certificate than the one pinned. */
export class CertificateChangedError extends Error {
  override readonly name = 'CertificateChangedError';

  constructor(
    readonly host: string,
    readonly expected: string,
    readonly presented: string,
  ) {
    super(
      `${host} presented a different certificate from the one Hearth trusts for it (SHA-256 ${presented}, where Hearth pinned ${expected}). Someone may be intercepting the connection, or the host made a new certificate. Hearth will not connect: check the fingerprint on the host's Hosting page with its administrator.`,
    );
  }
}

/** The pinned certificate's refusal somewhere along the error's causes, if that is what failed. */
export function certificateChange(error: unknown): CertificateChangedError | null {
  for (let link: unknown = error; link instanceof Error; link = link.cause) {
    if (link instanceof CertificateChangedError) return link;
  }
  return null;
}

/** The certificate `serverUrl` presents, read without trusting it and without sending anything. */
export function readCertificate(serverUrl: string, timeoutMs = 10_000): Promise<CertificatePin> {
  const url = new URL(serverUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const socket = connect({
      host,
      port: Number(url.port || 443),
      // SNI names hosts, never addresses.
      ...(/^[\d.]+$|:/.test(host) ? {} : { servername: host }),
      rejectUnauthorized: false,
    });
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`${url.host} did not answer in time`)),
    );
    socket.once('error', reject);
    socket.once('secureConnect', () => {
      const peer: PeerCertificate = socket.getPeerCertificate();
      socket.end();
      if (!peer.raw) {
        reject(new Error(`${url.host} presented no certificate`));
        return;
      }
      const certificate = new X509Certificate(peer.raw);
      resolve({ fingerprint: certificate.fingerprint256, certPem: certificate.toString() });
    });
  });
}

const nullBodyStatuses = new Set([101, 204, 205, 304]);

/**
 * A fetch that reaches the pinned server only: its certificate is the one
 * trust anchor, whatever address the server is reached at (a laptop's
 * address changes from one network to the next; its certificate does not).
 * The check happens in the handshake, before a request (and its API key)
 * is sent. A refusal says which certificate was presented.
 */
export function pinnedFetch(pin: CertificatePin): typeof fetch {
  const agent = new Agent({
    keepAlive: true,
    ca: pin.certPem,
    checkServerIdentity: (host, certificate) =>
      certificate.fingerprint256 === pin.fingerprint
        ? undefined
        : new CertificateChangedError(host, pin.fingerprint, certificate.fingerprint256),
  });
  const send = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const outgoing = new Request(input, init);
    const url = new URL(outgoing.url);
    if (url.protocol !== 'https:') throw new TypeError(`${url.origin} is not HTTPS`);
    // A body of known length (an upload) goes out as the socket takes it, so
    // that its progress, read off the stream it pulls from, follows what was
    // sent; any other is sent whole, with the length Node then gives it.
    const streamed = outgoing.headers.has('content-length') ? outgoing.body : null;
    const whole =
      outgoing.body && !streamed ? Buffer.from(await outgoing.arrayBuffer()) : undefined;
    try {
      return await new Promise<Response>((resolve, reject) => {
        const call = request(
          url,
          {
            method: outgoing.method,
            headers: Object.fromEntries(outgoing.headers),
            agent,
            signal: outgoing.signal,
          },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
            incoming.on('error', reject);
            incoming.on('end', () => {
              const status = incoming.statusCode ?? 502;
              const headers = new Headers();
              for (const [name, value] of Object.entries(incoming.headers)) {
                for (const one of [value ?? []].flat()) headers.append(name, one);
              }
              resolve(
                new Response(nullBodyStatuses.has(status) ? null : Buffer.concat(chunks), {
                  status,
                  headers,
                }),
              );
            });
          },
        );
        call.on('error', reject);
        if (streamed) void sendBody(streamed, call);
        else call.end(whole);
      });
    } catch (error) {
      throw await explainRefusal(error, url, pin);
    }
  };
  return send as typeof fetch;
}

async function sendBody(body: ReadableStream<Uint8Array>, call: ClientRequest): Promise<void> {
  try {
    for await (const chunk of body) {
      if (call.destroyed) return;
      if (!call.write(chunk)) {
        await new Promise<void>((resolve) => {
          const settle = () => {
            call.off('drain', settle);
            call.off('close', settle);
            resolve();
          };
          call.once('drain', settle);
          call.once('close', settle);
        });
      }
    }
    call.end();
  } catch (error) {
    call.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

// OpenSSL refuses a certificate other than the pinned one before our own
// check runs, in its own words; this looks at what the server presented so
// that the refusal names it.
async function explainRefusal(error: unknown, url: URL, pin: CertificatePin): Promise<unknown> {
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof CertificateChangedError || typeof code !== 'string') return error;
  if (!/CERT|SELF_SIGNED|VERIFY|ERR_TLS/.test(code)) return error;
  const presented = await readCertificate(url.href).catch(() => null);
  if (presented === null || presented.fingerprint === pin.fingerprint) return error;
  return new CertificateChangedError(url.host, pin.fingerprint, presented.fingerprint);
}
