import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Network } from '../../../src-main/client/network/routing';
import { closedPort } from '../../helpers/network/closedPort';
import { probeFailure } from '../../helpers/network/probeFailure';
import {
  issueCertificate,
  makeAuthority,
  tlsFront,
  type KeyAndCertificate,
  type TlsFront,
} from '../../helpers/network/testAuthority';
import { fixture, serverSettingsAt, startFixtureServer, type FixtureServer } from './fixtureServer';

const day = 24 * 60 * 60 * 1000;

// Issue 35, point 4: each way a join can fail says so, names the address and
// what the person can do, against a real socket. (Self-signed, refused and
// silent servers over Node's own fetch are in probeServer.test.ts.)
describe('a join that says what is wrong', () => {
  let authority: KeyAndCertificate;
  let zulip: FixtureServer;
  const network = new Network({
    env: {},
    authorities: () => [authority.certPem],
    connectTimeoutMs: 300,
  });
  const fronts: TlsFront[] = [];

  const failure = (url: string) => probeFailure(url, network);

  /** The address of a Zulip server behind TLS with the certificate. */
  const presenting = async (certificate: KeyAndCertificate): Promise<string> => {
    const front = await tlsFront(certificate, Number(new URL(zulip.url).port));
    fronts.push(front);
    return `127.0.0.1:${front.port}`;
  };

  beforeAll(async () => {
    authority = await makeAuthority();
    zulip = await startFixtureServer({
      'GET /api/v1/server_settings': serverSettingsAt(185),
    });
  });
  afterAll(async () => {
    await network.close();
    for (const front of fronts) await front.close();
    await zulip?.close();
  });

  it('says the certificate has expired', async () => {
    const address = await presenting(
      await issueCertificate(['127.0.0.1'], authority, {
        notBeforeDate: new Date(Date.now() - 60 * day),
        notAfterDate: new Date(Date.now() - day),
      }),
    );
    const expired = await failure(`https://${address}`);
    expect(expired).toMatchObject({ kind: 'tls', reason: 'expired', field: 'serverUrl' });
    expect(expired.message).toBe(
      `Hearth does not trust ${address}: its certificate has expired. Ask its administrator to renew it, or trust this certificate for this server only.`,
    );
  });

  it('says the certificate is not valid yet', async () => {
    const address = await presenting(
      await issueCertificate(['127.0.0.1'], authority, {
        notBeforeDate: new Date(Date.now() + day),
        notAfterDate: new Date(Date.now() + 60 * day),
      }),
    );
    const early = await failure(`https://${address}`);
    expect(early).toMatchObject({ kind: 'tls', reason: 'not-yet-valid' });
    expect(early.message).toBe(
      `Hearth does not trust ${address}: its certificate is not valid yet. Check this computer’s date and time; if they are right, ask the server’s administrator, or trust this certificate for this server only.`,
    );
  });

  it('says the certificate names another host', async () => {
    const address = await presenting(await issueCertificate(['chat.example.com'], authority));
    const mismatch = await failure(`https://${address}`);
    expect(mismatch).toMatchObject({ kind: 'tls', reason: 'hostname-mismatch' });
    expect(mismatch.message).toBe(
      `Hearth does not trust ${address}: its certificate was issued for another name. Check the address; if it is right, ask its administrator, or trust this certificate for this server only.`,
    );
  });

  it('says an authority this computer does not trust signed the certificate', async () => {
    const stranger = await makeAuthority('Someone Else’s Root CA');
    const address = await presenting(await issueCertificate(['127.0.0.1'], stranger));
    const unknown = await failure(`https://${address}`);
    expect(unknown).toMatchObject({ kind: 'tls', reason: 'unknown-ca' });
    expect(unknown.message).toBe(
      `Hearth does not trust ${address}: its certificate was issued by an authority this computer does not trust. If your company has its own authority, install it on this computer (see the README’s troubleshooting), or trust this certificate for this server only.`,
    );
  });

  it('says a Zulip server is older than Hearth supports, and by how much', async () => {
    const old = await startFixtureServer({
      'GET /api/v1/server_settings': {
        status: 200,
        body: { ...fixture('server-settings'), zulip_version: '6.2', zulip_feature_level: 154 },
      },
    });
    try {
      const address = new URL(old.url).host;
      const tooOld = await failure(old.url);
      expect(tooOld).toMatchObject({ kind: 'too-old', field: 'serverUrl' });
      expect(tooOld.message).toBe(
        `${address} runs Zulip 6.2 (feature level 154); Hearth needs Zulip 7.0 (feature level 185) or newer: ask its administrator to upgrade it.`,
      );
    } finally {
      await old.close();
    }
  });

  it('tells a server that accepts and never answers from one that refuses', async () => {
    const accepted: Socket[] = [];
    const silent: Server = createServer((socket) => accepted.push(socket));
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    try {
      const address = `127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const timeout = await failure(`https://${address}`);
      expect(timeout).toMatchObject({ kind: 'unreachable', reason: 'timeout' });
      expect(timeout.message).toBe(
        `${address} did not answer in time: it may be down or blocked by a firewall; try again later, or check the address.`,
      );
    } finally {
      for (const socket of accepted) socket.destroy();
      await new Promise((done) => silent.close(done));
    }

    const nobody = `127.0.0.1:${await closedPort()}`;
    const refused = await failure(`https://${nobody}`);
    expect(refused).toMatchObject({ kind: 'unreachable', reason: 'refused' });
    expect(refused.message).toBe(
      `${nobody} refused the connection: no server is listening at that address and port. Check the address and port.`,
    );
  });
});
