import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import {
  connected,
  eventually,
  removeProfile,
  startTestHearth,
  testTuning,
  type TestHearth,
} from '../../helpers/hearth';
import { startOfficeProxy, type OfficeProxy } from '../../helpers/network/officeProxy';
import {
  issueCertificate,
  makeAuthority,
  tlsFront,
  writePem,
  type TlsFront,
} from '../../helpers/network/testAuthority';
import { startOrg, testPassword, type Org, type TestUser } from '../../helpers/org';

// Issue 35, points 1, 2 and 5: an office whose Zulip server has a name only
// its proxy can resolve, and a certificate from the company's own authority.
describe('an office server reached through its proxy, signed by the company’s authority', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let proxy: OfficeProxy;
  let front: TlsFront;
  let folder: string;
  let authorityFile: string;
  let serverUrl: string;
  const apps: TestHearth[] = [];

  const startApp = async (env: Record<string, string>) => {
    const hearth = await startTestHearth({
      secrets: createMemorySecretStore(),
      // Without the test's cable: every request goes through the app's own network.
      tuning: { ...testTuning, fetch: undefined },
      network: { env },
    });
    apps.push(hearth);
    return hearth;
  };

  beforeAll(async () => {
    org = await startOrg({ allowedHosts: ['chat.corp.example'] });
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'general');
    await org.subscribe(bob, 'general');
    folder = await mkdtemp(join(tmpdir(), 'hearth-office-'));
    const authority = await makeAuthority();
    authorityFile = await writePem(join(folder, 'corp-root.pem'), authority.certPem);
    front = await tlsFront(
      await issueCertificate(['chat.corp.example'], authority),
      Number(new URL(org.url).port),
    );
    proxy = await startOfficeProxy();
    serverUrl = `https://chat.corp.example:${front.port}`;
  });

  afterAll(async () => {
    for (const hearth of apps) {
      await hearth.stop();
      await removeProfile(hearth.profileDir);
    }
    await proxy?.close();
    await front?.close();
    await org?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('says no server has that name when the proxy is not used', async () => {
    const { app } = await startApp({ NODE_EXTRA_CA_CERTS: authorityFile });
    const probe = await app.probe(serverUrl);
    expect(probe).toMatchObject({
      ok: false,
      message: `No server is known by the name chat.corp.example:${front.port}: check the address.`,
    });
  });

  it('does not trust the company’s certificate without its authority', async () => {
    const { app } = await startApp({ HTTPS_PROXY: proxy.url });
    const probe = await app.probe(serverUrl);
    expect(probe).toMatchObject({ ok: false, message: expect.stringContaining('authority') });
  });

  it('joins through HTTPS_PROXY, reads, receives a live message and moves files both ways', async () => {
    const { app, service } = await startApp({
      https_proxy: proxy.url,
      NODE_EXTRA_CA_CERTS: authorityFile,
    });
    const joined = await app.join({
      method: 'password',
      serverUrl,
      email: alice.email,
      password: testPassword,
    });
    expect(joined).toMatchObject({ ok: true });
    await connected(app);
    const accountId = app.appState().accounts[0]?.id ?? '';

    const sent = await org.api(bob)('POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 'lunch',
      content: 'Soup at noon',
    });
    const streamId = (await org.api(bob)('GET', '/get_stream_id', { stream: 'general' })).json
      .stream_id as number;
    await eventually('the live message is cached', () =>
      app
        .active()
        .cache.messagesInNarrow({ kind: 'stream', streamId }, { anchor: 'newest', before: 10 })
        .messages.some((message) => message.id === sent.json.id),
    );

    const { url } = await service.uploadFile({
      accountId,
      uploadId: 'menu',
      name: 'menu.txt',
      type: 'text/plain',
      data: Buffer.from('Soup, bread').toString('base64'),
    });
    const saved = await service.saveUpload({ accountId, href: url });
    expect(await readFile(saved?.path ?? '', 'utf8')).toBe('Soup, bread');
    expect(proxy.tunnels).toContain(`chat.corp.example:${front.port}`);
  });
});
