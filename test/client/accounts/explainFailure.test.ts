import { describe, expect, it } from 'vitest';
import { explainFailure } from '../../../src-main/client/accounts/explainFailure';
import { NetworkError } from '../../../src-main/client/api/errors';

// The shape Node's fetch fails with: a TypeError whose cause carries the system
// or OpenSSL code, wrapped by the client's NetworkError. Causes that cannot be
// produced on loopback here (no DNS, no trusted CA) are built in that shape.
const failedWith = (code: string): NetworkError => {
  const system = Object.assign(new Error(`connect failed: ${code}`), { code });
  return new NetworkError('GET /api/v1/server_settings failed', {
    cause: new TypeError('fetch failed', { cause: system }),
  });
};

const context = { serverUrl: 'https://chat.example.com', credentialField: 'serverUrl' } as const;

describe('explainFailure', () => {
  it.each([
    ['ENOTFOUND', 'unreachable', 'dns'],
    ['EAI_AGAIN', 'unreachable', 'dns'],
    ['ECONNREFUSED', 'unreachable', 'refused'],
    ['UND_ERR_CONNECT_TIMEOUT', 'unreachable', 'timeout'],
    ['ECONNRESET', 'unreachable', 'network'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls', 'self-signed'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls', 'self-signed'],
    ['CERT_HAS_EXPIRED', 'tls', 'expired'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls', 'hostname-mismatch'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls', 'unknown-ca'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'tls', 'unknown-ca'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls', 'handshake'],
  ])('names %s as %s (%s)', (code, kind, reason) => {
    const error = explainFailure(failedWith(code), context);

    expect(error).toMatchObject({ kind, reason, field: 'serverUrl' });
    expect(error.message).toContain('chat.example.com');
  });

  it('says which name could not be found', () => {
    expect(explainFailure(failedWith('ENOTFOUND'), context).message).toMatch(
      /No server is known by the name chat\.example\.com/,
    );
  });

  it('says the certificate was issued for another name on a hostname mismatch', () => {
    expect(explainFailure(failedWith('ERR_TLS_CERT_ALTNAME_INVALID'), context).message).toMatch(
      /issued for another name/,
    );
  });
});
