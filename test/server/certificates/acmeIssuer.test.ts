import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AcmeError,
  newAccountKey,
  obtainCertificate,
  type CertificateRequest,
} from '../../../src-main/server/certificates/acmeIssuer';
import { checkCertificatePair } from '../../../src-main/server/certificates/certificatePair';
import { dynamicUpdateRecords } from '../../../src-main/server/certificates/nameRecords';
import { startBind, type BindServer } from '../../helpers/network/bindServer';
import { closedPort } from '../../helpers/network/closedPort';
import { startPebble, type PebbleServer } from '../../helpers/network/pebbleServer';

let bind: BindServer;
let pebble: PebbleServer;
beforeAll(async () => {
  bind = await startBind('office.test');
  pebble = await startPebble(bind.port);
}, 30_000);
afterAll(async () => {
  await pebble.close();
  await bind.close();
});

/** A request under a new account of its own, unless `overrides` gives one. */
const request = async (
  overrides: Partial<CertificateRequest> = {},
): Promise<CertificateRequest> => ({
  name: 'chat.office.test',
  account: { directoryUrl: pebble.directoryUrl, accountKeyPem: await newAccountKey() },
  records: dynamicUpdateRecords({
    host: '127.0.0.1',
    port: bind.port,
    zone: bind.zone,
    key: bind.key,
  }),
  propagationMs: 0,
  authorities: [pebble.listenerCertPem],
  pollMs: 100,
  requestRetries: 0,
  ...overrides,
});

const failure = async (promise: Promise<unknown>): Promise<AcmeError> => {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AcmeError);
  return error as AcmeError;
};

describe('a certificate over ACME with the DNS-01 challenge (pebble and BIND on loopback)', () => {
  it('obtains a certificate for the name that chains to the authority’s root, and clears the challenge', async () => {
    const { certPem, keyPem } = await obtainCertificate(await request());
    const facts = checkCertificatePair(certPem, keyPem, { authorities: [pebble.rootPem] });
    expect(facts.names).toEqual(['chat.office.test']);
    expect(facts.issuer).toMatch(/Pebble/);
    expect(await bind.lookup('_acme-challenge.chat.office.test', 'TXT')).toEqual([]);
  }, 30_000);

  it('obtains the next certificate under the account the first one opened', async () => {
    const first = await request();
    const issued = await obtainCertificate(first);
    const again = await obtainCertificate({
      ...first,
      account: { ...first.account, accountUrl: issued.accountUrl },
    });
    expect(again.accountUrl).toBe(issued.accountUrl);
    expect(again.certPem).not.toBe(issued.certPem);
  }, 30_000);

  it('reports the DNS server’s refusal of a wrong key, and asks the authority nothing more', async () => {
    const error = await failure(
      obtainCertificate(
        await request({
          name: 'refused.office.test',
          records: dynamicUpdateRecords({
            host: '127.0.0.1',
            port: bind.port,
            zone: bind.zone,
            key: { ...bind.key, secret: randomBytes(32).toString('base64') },
          }),
        }),
      ),
    );
    expect(error.source).toBe('dns');
    expect(error.message).toContain('BADSIG');
  }, 30_000);

  it('passes on the authority’s words when the challenge is not where it looks', async () => {
    const nowhere = {
      addTxt: async () => undefined,
      removeTxt: async () => undefined,
      setAddresses: async () => undefined,
    };
    const error = await failure(
      obtainCertificate(await request({ name: 'unseen.office.test', records: nowhere })),
    );
    expect(error.source).toBe('authority');
    expect(error.message).toMatch(/TXT/i);
  }, 30_000);

  it('says an authority that is not there cannot be reached', async () => {
    const port = await closedPort();
    const error = await failure(
      obtainCertificate(
        await request({
          account: {
            directoryUrl: `https://127.0.0.1:${port}/dir`,
            accountKeyPem: await newAccountKey(),
          },
        }),
      ),
    );
    expect(error.source).toBe('authority');
    expect(error.message).toContain('ECONNREFUSED');
  }, 30_000);
});
