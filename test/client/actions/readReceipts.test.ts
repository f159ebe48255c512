import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { eventually, testApps } from '../../helpers/hearth';
import type { TestUser } from '../../helpers/org';
import { serverKinds, type TestServer } from '../../helpers/serverKinds';

// Issue 36, point 4: read receipts from Hearth's client, against a Hearth host
// and a Zulip server alike: who has read a message, by name, the last answer
// kept for offline; the organization's switch and the reader's own.

const apps = testApps(createMemorySecretStore());
afterEach(() => apps.stopAll());

describe.each(serverKinds)('read receipts, on $name', (kind) => {
  let server: TestServer;
  let me: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    server = await kind.start();
    ({ me, other } = server);
  });
  afterAll(() => server.close());

  const signedIn = (user: TestUser = me) => apps.signedIn(server.url, user);

  const markRead = async (user: TestUser, id: number) => {
    const answer = await server.api(user)('POST', '/messages/flags', {
      messages: JSON.stringify([id]),
      op: 'add',
      flag: 'read',
    });
    expect(answer.status).toBe(200);
  };
  const serverReaders = async (viewer: TestUser, id: number): Promise<number[]> =>
    (await server.api(viewer)('GET', `/messages/${id}/read_receipts`)).json.user_ids;
  const setRealm = async (enabled: boolean) => {
    const answer = await server.api(server.admin)('PATCH', '/realm', {
      enable_read_receipts: JSON.stringify(enabled),
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  };

  it('names who has read a message, and shows the last answer offline with its date', async () => {
    const [channel] = server.channels;
    const id = await server.send(other, channel, 'receipts', 'Has everyone seen this?');
    const hearth = await signedIn();
    expect(await hearth.service.readReceipts({ messageId: id })).toEqual({
      status: 'shown',
      readers: [],
      asOf: null,
    });

    await markRead(me, id);
    expect(await hearth.service.readReceipts({ messageId: id })).toEqual({
      status: 'shown',
      readers: [{ userId: me.id, fullName: me.fullName }],
      asOf: null,
    });
    const unseen = await server.send(other, channel, 'receipts', 'Never opened here');
    await eventually('the second message is cached', () =>
      hearth.app.active().cache.messagesAmong({ kind: 'all' }, [unseen]).length === 1
        ? true
        : false,
    );
    await apps.stop(hearth);

    apps.link.offline = true;
    const offline = await apps.start(hearth.profileDir);
    await eventually(
      'the restarted app is offline',
      () => offline.app.active().connection.state === 'offline',
    );
    const kept = await offline.service.readReceipts({ messageId: id });
    expect(kept).toMatchObject({
      status: 'shown',
      readers: [{ userId: me.id, fullName: me.fullName }],
    });
    expect(kept.status === 'shown' && kept.asOf).toEqual(expect.any(Number));
    await expect(offline.service.readReceipts({ messageId: unseen })).rejects.toThrow(
      /offline, and has not fetched who read this message/,
    );
  });

  it('says they are off where the organization turned them off, as the server says', async () => {
    const [channel] = server.channels;
    const id = await server.send(other, channel, 'receipts', 'Switched off');
    const hearth = await signedIn();
    expect(hearth.app.active().snapshot().readReceipts).toEqual({ organization: true, mine: true });

    await setRealm(false);
    await eventually(
      'the realm event arrives',
      () => hearth.app.active().snapshot().readReceipts.organization === false,
    );
    expect(await hearth.service.readReceipts({ messageId: id })).toEqual({ status: 'off' });
    await setRealm(true);
    await eventually(
      'the realm event arrives',
      () => hearth.app.active().snapshot().readReceipts.organization,
    );
    expect((await hearth.service.readReceipts({ messageId: id })).status).toBe('shown');
  });

  it('lets the reader stop being listed, which the server and the snapshot follow', async () => {
    const [channel] = server.channels;
    const id = await server.send(other, channel, 'receipts', 'Quietly read');
    await markRead(me, id);
    const hearth = await signedIn();
    expect(await serverReaders(other, id)).toContain(me.id);

    await hearth.service.setSendReadReceipts({ enabled: false });
    await eventually(
      'the setting comes back as an event',
      () => hearth.app.active().snapshot().readReceipts.mine === false,
    );
    expect(await serverReaders(other, id)).not.toContain(me.id);

    await hearth.service.setSendReadReceipts({ enabled: true });
    await eventually(
      'the setting comes back as an event',
      () => hearth.app.active().snapshot().readReceipts.mine,
    );
    expect(await serverReaders(other, id)).toContain(me.id);
  });

  it("lets an administrator turn them off from the organization's settings, and nobody else", async () => {
    const admin = await signedIn(server.admin);
    expect((await admin.service.getOrganizationSettings({})).enableReadReceipts).toBe(true);
    await admin.service.changeOrganizationSettings({ patch: { enableReadReceipts: false } });
    await eventually(
      'the page follows the realm event',
      async () => (await admin.service.getOrganizationSettings({})).enableReadReceipts === false,
    );
    const register = await server.api(me)('POST', '/register', {
      fetch_event_types: JSON.stringify(['realm']),
    });
    expect(register.json.realm_enable_read_receipts).toBe(false);
    await apps.stop(admin);

    const member = await signedIn();
    await expect(
      member.service.changeOrganizationSettings({ patch: { enableReadReceipts: true } }),
    ).rejects.toThrow(/administrators/);
    await setRealm(true);
  });
});
