import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeServer } from '../../../src-main/client/accounts/probeServer';
import { signInWithPassword } from '../../../src-main/client/accounts/signIn';
import { createApi, type Api } from '../../../src-main/client/api';
import { Network } from '../../../src-main/client/network/routing';
import type { ProxyScheme } from '../../../src-main/wire/proxySetting';
import { startOfficeProxy, type OfficeProxy } from '../../helpers/network/officeProxy';
import {
  issueCertificate,
  makeAuthority,
  tlsFront,
  type KeyAndCertificate,
  type TlsFront,
} from '../../helpers/network/testAuthority';
import { startOrg, testPassword, type Org, type TestUser } from '../../helpers/org';

/** Sends a message once registered, and waits on the event queue until it arrives, as a session's long-poll does. */
async function hearMessage(api: Api, send: () => Promise<number>): Promise<void> {
  const queue = await api.register();
  const messageId = await send();
  let lastEventId = queue.last_event_id;
  for (;;) {
    const events = await api.getEvents({ queueId: queue.queue_id, lastEventId, dontBlock: false });
    for (const event of events) {
      if (event.type === 'message' && (event.message as { id: number }).id === messageId) return;
      lastEventId = Math.max(lastEventId, event.id);
    }
  }
}

// Issue 35, points 1 and 5: Settings › Network's manual proxy, of each kind
// beside HTTP, carries a join to a server whose name only the proxy resolves,
// signed by the company's authority.
describe('an office server reached through a manual proxy', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let authority: KeyAndCertificate;
  let front: TlsFront;
  let serverUrl: string;

  beforeAll(async () => {
    org = await startOrg({ allowedHosts: ['chat.corp.example'] });
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'general');
    await org.subscribe(bob, 'general');
    authority = await makeAuthority();
    front = await tlsFront(
      await issueCertificate(['chat.corp.example'], authority),
      Number(new URL(org.url).port),
    );
    serverUrl = `https://chat.corp.example:${front.port}`;
  });
  afterAll(async () => {
    await front?.close();
    await org?.close();
  });

  const kinds: { scheme: ProxyScheme; credentials: string; label: string }[] = [
    { scheme: 'socks5', credentials: '', label: 'SOCKS5 proxy' },
    { scheme: 'socks5', credentials: 'alice:open sesame', label: 'SOCKS5 proxy with a password' },
    { scheme: 'https', credentials: '', label: 'HTTPS proxy' },
  ];

  describe.each(kinds)('a $label', ({ scheme, credentials }) => {
    let proxy: OfficeProxy;
    let network: Network;

    beforeAll(async () => {
      proxy = await startOfficeProxy(credentials, {
        scheme,
        // The proxy's own certificate, for its address, from the authority the network trusts.
        certificate: await issueCertificate(['127.0.0.1'], authority),
      });
      network = new Network({ env: {}, authorities: () => [authority.certPem] });
      const [username = '', password = ''] = credentials.split(':');
      network.configure(
        {
          mode: 'manual',
          scheme,
          host: '127.0.0.1',
          port: proxy.port,
          username: username === '' ? null : username,
          bypass: [],
        },
        password === '' ? null : password,
      );
    });
    afterAll(async () => {
      await network?.close();
      await proxy?.close();
    });

    it('probes, signs in, reads and hears a live message, all through the proxy', async () => {
      const fetch = network.fetchFor();
      const server = await probeServer(serverUrl, { fetch });
      expect(server.realmName).toBe(org.realmName);
      const account = await signInWithPassword(server, alice.email, testPassword, { fetch });
      expect(account).toMatchObject({ serverUrl, email: alice.email, userId: alice.id });
      const api = createApi(
        { serverUrl, email: account.email, apiKey: account.apiKey },
        { fetch, timeoutMs: 10_000 },
      );

      const earlier = await org.sendStream(bob, 'general', scheme, 'Soup at noon');
      const read = await api.getNewestMessages([{ operator: 'stream', operand: 'general' }], 10);
      expect(read.map((message) => message.id)).toContain(earlier);
      await hearMessage(api, () => org.sendStream(bob, 'general', scheme, 'Bread too'));

      expect(proxy.tunnels).toContain(`chat.corp.example:${front.port}`);
    });
  });
});
