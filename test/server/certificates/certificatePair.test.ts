import { beforeAll, describe, expect, it } from 'vitest';
import {
  CertificatePairError,
  checkCertificatePair,
  type PairProblem,
} from '../../../src-main/server/certificates/certificatePair';
import {
  issueCertificate,
  makeAuthority,
  makeIntermediate,
  type KeyAndCertificate,
} from '../../helpers/network/testAuthority';

let root: KeyAndCertificate;
let intermediate: KeyAndCertificate;
let server: KeyAndCertificate;

beforeAll(async () => {
  root = await makeAuthority('Office Root CA');
  intermediate = await makeIntermediate(root);
  server = await issueCertificate(['chat.office.test'], intermediate);
});

const problemOf = (check: () => unknown): PairProblem | null => {
  try {
    check();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(CertificatePairError);
    return (error as CertificatePairError).problem;
  }
};

describe("the owner's own certificate and key", () => {
  it('takes a complete chain with its key, and tells its names, issuer and dates', () => {
    const facts = checkCertificatePair(`${server.certPem}${intermediate.certPem}`, server.keyPem, {
      authorities: [root.certPem],
    });
    expect(facts.names).toEqual(['chat.office.test']);
    expect(facts.issuer).toContain('Office Issuing CA');
    expect(facts.notAfter.getTime()).toBeGreaterThan(Date.now());
    expect(facts.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('refuses a key that is not the certificate’s', async () => {
    const other = await issueCertificate(['chat.office.test'], intermediate);
    expect(
      problemOf(() =>
        checkCertificatePair(`${server.certPem}${intermediate.certPem}`, other.keyPem, {
          authorities: [root.certPem],
        }),
      ),
    ).toBe('key-mismatch');
  });

  it('refuses a certificate without the intermediate that issued it', () => {
    expect(
      problemOf(() =>
        checkCertificatePair(server.certPem, server.keyPem, { authorities: [root.certPem] }),
      ),
    ).toBe('incomplete-chain');
  });

  it('refuses a chain whose certificates are out of order', () => {
    expect(
      problemOf(() =>
        checkCertificatePair(`${intermediate.certPem}${server.certPem}`, intermediate.keyPem, {
          authorities: [root.certPem],
        }),
      ),
    ).toBe('incomplete-chain');
  });

  it('refuses a chain to an authority phones do not know', () => {
    expect(
      problemOf(() =>
        checkCertificatePair(`${server.certPem}${intermediate.certPem}`, server.keyPem),
      ),
    ).toBe('incomplete-chain');
  });

  it('refuses a certificate past its expiry, and one not valid yet', () => {
    const pem = `${server.certPem}${intermediate.certPem}`;
    const options = { authorities: [root.certPem] };
    expect(
      problemOf(() =>
        checkCertificatePair(pem, server.keyPem, {
          ...options,
          now: new Date(Date.now() + 2 * 366 * 24 * 60 * 60 * 1000),
        }),
      ),
    ).toBe('expired');
    expect(
      problemOf(() =>
        checkCertificatePair(pem, server.keyPem, {
          ...options,
          now: new Date(Date.now() - 24 * 60 * 60 * 1000),
        }),
      ),
    ).toBe('not-yet-valid');
    // A minute's difference between the authority's clock and this computer's is no refusal.
    expect(
      checkCertificatePair(pem, server.keyPem, { ...options, now: new Date(Date.now() - 60_000) })
        .names,
    ).toEqual(['chat.office.test']);
  });

  it('refuses a certificate that names only an address', async () => {
    const addressOnly = await issueCertificate(['192.168.1.20'], intermediate);
    expect(
      problemOf(() =>
        checkCertificatePair(`${addressOnly.certPem}${intermediate.certPem}`, addressOnly.keyPem, {
          authorities: [root.certPem],
        }),
      ),
    ).toBe('no-name');
  });

  it('refuses files that hold no certificate or no key', () => {
    expect(problemOf(() => checkCertificatePair('not a certificate', server.keyPem))).toBe(
      'unreadable',
    );
    expect(problemOf(() => checkCertificatePair(server.certPem, 'not a key'))).toBe('unreadable');
  });
});
