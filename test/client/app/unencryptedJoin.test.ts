import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import type { CallArgs } from '../../../src-preload/bridge';
import { removeProfile, startTestHearth, type TestHearth } from '../../helpers/hearth';
import { startCorpServer, type CorpServer } from '../../helpers/network/corpServer';
import { testPassword, type TestUser } from '../../helpers/org';

// Issue 37, point 7: over plain http to a server off this computer, main
// sends a password or an API key only when the join call carries the
// person's explicit choice; a warning alone is not enough. The server is
// reached by a name only an office proxy resolves, as on a company network,
// so it is off this computer as far as the client can tell.

let corp: CorpServer;
let alice: TestUser;
let hearth: TestHearth;
let serverUrl: string;
let host: string;

beforeAll(async () => {
  corp = await startCorpServer();
  ({ serverUrl, host } = corp);
  alice = await corp.org.user('alice');
  hearth = await startTestHearth(corp.app);
});

afterAll(async () => {
  await hearth?.stop();
  if (hearth) await removeProfile(hearth.profileDir);
  await corp?.close();
});

const refusal = (secret: string) => ({
  ok: false,
  field: 'unencrypted',
  message: `${host} is reached over http://, without encryption: anyone on the network between could read your ${secret} and use your account. Use https:// if the server offers it, or tick “Send my ${secret} unencrypted”.`,
});

describe('joining over plain http off this computer', () => {
  it('warns when looking at the server, which sends nothing secret', async () => {
    const probed = await hearth.service.probeServer({ serverUrl });
    if (!probed.ok) throw new Error(probed.message);
    expect(probed.server.warning).toContain('without encryption');
  });

  it('refuses each way of signing in without the choice, sending nothing', async () => {
    const tunnelsBefore = corp.proxy.tunnels.length;
    const { service } = hearth;
    const { email, apiKey } = alice;
    const requests: [CallArgs<'joinOrganization'>, string][] = [
      [{ method: 'password', serverUrl, email, password: testPassword }, 'password'],
      [{ method: 'apiKey', serverUrl, email, apiKey, sendUnencrypted: false }, 'API key'],
      [
        { method: 'zuliprc', zuliprc: `[api]\nemail=${email}\nkey=${apiKey}\nsite=${serverUrl}\n` },
        'API key',
      ],
      [
        {
          method: 'invitation',
          link: `${serverUrl}/join/abcdefghijklmnop1234/`,
          fullName: 'Nico Newcomer',
          email: 'nico@corp.example',
          password: testPassword,
        },
        'password',
      ],
    ];
    for (const [request, secret] of requests) {
      await expect(service.joinOrganization(request)).resolves.toEqual(refusal(secret));
    }
    expect(corp.proxy.tunnels.length).toBe(tunnelsBefore);
    expect((await service.getAppState({})).accounts).toEqual([]);
  });

  it('takes only a yes or no for the choice', async () => {
    await expect(
      hearth.service.joinOrganization({
        method: 'password',
        serverUrl,
        email: alice.email,
        password: testPassword,
        sendUnencrypted: 'yes' as unknown as boolean,
      }),
    ).rejects.toThrow(/sendUnencrypted/);
  });

  it('signs in with the choice', async () => {
    const joined = await hearth.service.joinOrganization({
      method: 'password',
      serverUrl,
      email: alice.email,
      password: testPassword,
      sendUnencrypted: true,
    });
    expect(joined).toMatchObject({ ok: true });
    expect((await hearth.service.getAppState({})).accounts).toEqual([
      expect.objectContaining({ serverUrl, email: alice.email }),
    ]);
    expect(corp.proxy.tunnels).toContain(host);
  });
});

describe('joining over plain http on this computer', () => {
  it('asks for no choice: nothing crosses a network', async () => {
    const local = await startTestHearth({ secrets: createMemorySecretStore() });
    try {
      const joined = await local.service.joinOrganization({
        method: 'password',
        serverUrl: corp.org.url,
        email: alice.email,
        password: testPassword,
      });
      expect(joined).toMatchObject({ ok: true });
    } finally {
      await local.stop();
      await removeProfile(local.profileDir);
    }
  });
});
