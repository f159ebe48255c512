import { Agent, get } from 'node:https';
import { rootCertificates } from 'node:tls';
import { setTimeout as sleep } from 'node:timers/promises';
import { DnsUpdateError } from './dnsUpdate';
import type { NameRecords } from './nameRecords';

/** Let's Encrypt's production directory, the authority phones trust by default. */
export const LETS_ENCRYPT_DIRECTORY = 'https://acme-v02.api.letsencrypt.org/directory';

/** An account with an ACME authority (RFC 8555): its directory and the key that signs for it. */
export interface AcmeAccount {
  directoryUrl: string;
  email?: string | undefined;
  accountKeyPem: string;
  /** The account's URL, once the authority opened it; a renewal signs in with it. */
  accountUrl?: string | undefined;
}

/** How the host talks to the authority. */
export interface AcmeConnection {
  /** Authorities trusted for the directory's own HTTPS besides the public ones (a test authority's). */
  authorities?: readonly string[] | undefined;
  /** The first wait between polls of an order's status. */
  pollMs?: number | undefined;
  /**
   * How often one request is tried again after the authority was unreachable
   * or busy (5xx, 429) before the attempt fails; acme-client's five unless given.
   */
  requestRetries?: number | undefined;
}

export interface CertificateRequest extends AcmeConnection {
  /** The DNS name the certificate is for. */
  name: string;
  account: AcmeAccount;
  /** How the host writes the DNS-01 challenge's TXT record. */
  records: NameRecords;
  /** How long the record is given to reach every server of the zone before the authority looks. */
  propagationMs: number;
  /**
   * Keeps a newly opened account's URL at once, before the order: an attempt
   * that fails later must not leave the next one to open the account again,
   * which an authority answers with the existing account and acme-client then
   * updates with an empty payload that pebble (as RFC 8555 allows) refuses.
   */
  keepAccountUrl?: ((url: string) => Promise<void>) | undefined;
}

export interface IssuedCertificate {
  /** The certificate followed by its chain. */
  certPem: string;
  keyPem: string;
  /** The account's URL, to keep with its key. */
  accountUrl: string;
}

/** Why no certificate came, and whose words say so: the authority's or the DNS server's. */
export class AcmeError extends Error {
  constructor(
    readonly source: 'authority' | 'dns',
    message: string,
  ) {
    super(message);
  }
}

// acme-client and the HTTP and PKI libraries under it weigh several
// megabytes of heap: loaded by a host that asks for a certificate, not by every host.
const acmeClient = () => import('acme-client');

type AcmeModule = Awaited<ReturnType<typeof acmeClient>>;

/** A new key for an ACME account, in PEM. */
export async function newAccountKey(): Promise<string> {
  const { crypto } = await acmeClient();
  return (await crypto.createPrivateEcdsaKey('P-256')).toString();
}

const unreachable = (directoryUrl: string, why: string) =>
  new AcmeError('authority', `The authority at ${directoryUrl} cannot be reached: ${why}`);

function explain(error: unknown, directoryUrl: string): AcmeError {
  if (error instanceof AcmeError) return error;
  if (error instanceof DnsUpdateError) return new AcmeError('dns', error.message);
  const { code, message } = error as { code?: string; message?: string };
  if (code !== undefined && /^E[A-Z]+$/.test(code)) return unreachable(directoryUrl, code);
  // acme-client loses a network error once its retries are spent, and fails
  // reading the response that never came.
  if (error instanceof TypeError) return unreachable(directoryUrl, 'it stopped answering');
  return new AcmeError('authority', message ?? String(error));
}

/** Asks for the directory first, so that an authority out of reach is named as such at once. */
function reachDirectory(directoryUrl: string, agent: Agent | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = get(directoryUrl, agent ? { agent } : {}, (response) => {
      response.resume();
      if (response.statusCode === 200) resolve();
      else reject(unreachable(directoryUrl, `it answered HTTP ${response.statusCode}`));
    });
    request.setTimeout(30_000, () => request.destroy(new Error('ETIMEDOUT')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(unreachable(directoryUrl, error.code ?? error.message)),
    );
  });
}

function clientFor(acme: AcmeModule, account: AcmeAccount, connection: AcmeConnection) {
  // acme-client keeps these on the one HTTP client it shares: a host asks one
  // authority, one certificate at a time.
  if (connection.requestRetries !== undefined) {
    const defaults = acme.axios.defaults as unknown as {
      acmeSettings: { retryMaxAttempts: number };
    };
    defaults.acmeSettings.retryMaxAttempts = connection.requestRetries;
  }
  const agent = connection.authorities
    ? new Agent({ ca: [...rootCertificates, ...connection.authorities] })
    : undefined;
  if (agent) acme.axios.defaults.httpsAgent = agent;
  const client = new acme.Client({
    directoryUrl: account.directoryUrl,
    accountKey: account.accountKeyPem,
    ...(account.accountUrl === undefined ? {} : { accountUrl: account.accountUrl }),
    ...(connection.pollMs === undefined
      ? {}
      : { backoffMin: connection.pollMs, backoffMax: connection.pollMs * 8 }),
  });
  return { client, agent };
}

/**
 * Obtains a certificate for `request.name` over ACME with the DNS-01
 * challenge: no port of the host needs to be open to the internet. A new
 * account key opens its account first (agreeing to the authority's terms, as
 * the owner did on the Hosting page). The challenge's TXT record is removed
 * again whatever happens.
 */
export async function obtainCertificate(request: CertificateRequest): Promise<IssuedCertificate> {
  const acme = await acmeClient();
  const { account } = request;
  const { client, agent } = clientFor(acme, account, request);
  try {
    await reachDirectory(account.directoryUrl, agent);
    if (account.accountUrl === undefined) {
      await client.createAccount({
        termsOfServiceAgreed: true,
        ...(account.email === undefined ? {} : { contact: [`mailto:${account.email}`] }),
      });
      await request.keepAccountUrl?.(client.getAccountUrl());
    }
    const certificateKey = await acme.crypto.createPrivateEcdsaKey('P-256');
    const [, csr] = await acme.crypto.createCsr({ altNames: [request.name] }, certificateKey);
    const certPem = await client.auto({
      csr,
      challengePriority: ['dns-01'],
      // The authority looks at the zone's own servers; the resolver of the
      // office network may not see them, or may remember the name's absence.
      skipChallengeVerification: true,
      challengeCreateFn: async (authorization, _challenge, keyAuthorization) => {
        await request.records.addTxt(
          `_acme-challenge.${authorization.identifier.value}`,
          keyAuthorization,
        );
        if (request.propagationMs > 0) await sleep(request.propagationMs);
      },
      challengeRemoveFn: (authorization, _challenge, keyAuthorization) =>
        request.records.removeTxt(
          `_acme-challenge.${authorization.identifier.value}`,
          keyAuthorization,
        ),
    });
    return { certPem, keyPem: certificateKey.toString(), accountUrl: client.getAccountUrl() };
  } catch (error) {
    throw explain(error, account.directoryUrl);
  }
}
