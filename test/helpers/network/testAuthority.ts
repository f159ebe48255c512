import { writeFile } from 'node:fs/promises';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createServer as createTlsServer, type Server } from 'node:tls';
import { generate } from 'selfsigned';

export interface KeyAndCertificate {
  keyPem: string;
  certPem: string;
}

/** An authority named `name`, signed by `signer`, or by itself without one. */
async function authority(name: string, signer?: KeyAndCertificate): Promise<KeyAndCertificate> {
  const made = await generate([{ name: 'commonName', value: name }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
    ...(signer ? { ca: { key: signer.keyPem, cert: signer.certPem } } : {}),
  });
  return { keyPem: made.private, certPem: made.cert };
}

/** A company's own certificate authority, made for the test. */
export const makeAuthority = (name = 'Corp Example Root CA'): Promise<KeyAndCertificate> =>
  authority(name);

/** An intermediate authority the root signed, as public authorities issue through. */
export const makeIntermediate = (
  root: KeyAndCertificate,
  name = 'Office Issuing CA',
): Promise<KeyAndCertificate> => authority(name, root);

/** A server certificate for the names, signed by the authority (or by itself, without one). */
export async function issueCertificate(
  names: readonly string[],
  authority: KeyAndCertificate | null,
  validity: { notBeforeDate?: Date; notAfterDate?: Date } = {},
): Promise<KeyAndCertificate> {
  const made = await generate([{ name: 'commonName', value: names[0] ?? 'server' }], {
    keySize: 2048,
    algorithm: 'sha256',
    ...validity,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: names.map((name) =>
          /^[\d.]+$/.test(name) ? { type: 7, ip: name } : { type: 2, value: name },
        ),
      },
    ],
    ...(authority ? { ca: { key: authority.keyPem, cert: authority.certPem } } : {}),
  });
  return { keyPem: made.private, certPem: made.cert };
}

export const writePem = async (file: string, pem: string): Promise<string> => {
  await writeFile(file, pem);
  return file;
};

export interface TlsFront {
  port: number;
  /** Presents another certificate from now on, dropping the connections open, as a restarted server would. */
  present(certificate: KeyAndCertificate): void;
  close(): Promise<void>;
}

/**
 * TLS in front of a plain-HTTP server on this computer, as nginx stands in
 * front of a Zulip server: it presents the certificate and passes the bytes on.
 */
export function tlsFront(certificate: KeyAndCertificate, backendPort: number): Promise<TlsFront> {
  const open = new Set<Socket>();
  const server: Server = createTlsServer(
    { key: certificate.keyPem, cert: certificate.certPem },
    (socket) => {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      const backend = connect(backendPort, '127.0.0.1');
      socket.pipe(backend).pipe(socket);
      const stop = () => {
        socket.destroy();
        backend.destroy();
      };
      socket.on('error', stop);
      backend.on('error', stop);
    },
  );
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        present: (next) => {
          server.setSecureContext({ key: next.keyPem, cert: next.certPem });
          for (const socket of open) socket.destroy();
        },
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

/** An office's root and the intermediate it issues through, as an owner's certificate chains to them. */
export interface OfficeAuthority {
  root: KeyAndCertificate;
  intermediate: KeyAndCertificate;
  /** The server certificate followed by its chain, as the owner's file holds it, and its key. */
  chained(leaf: KeyAndCertificate): KeyAndCertificate;
}

export async function makeOfficeAuthority(): Promise<OfficeAuthority> {
  const root = await makeAuthority('Office Root CA');
  const intermediate = await makeIntermediate(root);
  return {
    root,
    intermediate,
    chained: (leaf) => ({
      certPem: `${leaf.certPem}\n${intermediate.certPem}`,
      keyPem: leaf.keyPem,
    }),
  };
}
