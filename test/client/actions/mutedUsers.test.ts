import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BridgeArgumentError } from '../../../src-main/client/bridge/bridgeService';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import type { HearthSound } from '../../../src-main/wire';
import { invokeBridgeCall } from '../../../src-preload/bridge';
import {
  connected,
  eventually,
  joinWithKey,
  testApps,
  type TestHearth,
} from '../../helpers/hearth';
import type { TestUser } from '../../helpers/org';
import { serverKinds, type TestServer } from '../../helpers/serverKinds';

// Issue 36, point 6: muting people from Hearth's client, against a Hearth host
// and a Zulip server alike. The list follows the server's muted_users events,
// survives a restart offline, and a muted sender's messages never notify,
// never sound and never count in the badge.

const apps = testApps(createMemorySecretStore());
afterEach(() => apps.stopAll());

describe.each(serverKinds)('muted users, on $name', (kind) => {
  let server: TestServer;
  let me: TestUser;
  let other: TestUser;
  let third: TestUser;

  beforeAll(async () => {
    server = await kind.start();
    ({ me, other, third } = server);
  });
  afterAll(() => server.close());

  interface Observed {
    hearth: TestHearth;
    shown: string[];
    sounds: HearthSound[];
  }

  async function signedIn(profileDir?: string): Promise<Observed> {
    const hearth = await apps.start(profileDir);
    const observed: Observed = { hearth, shown: [], sounds: [] };
    hearth.page.on('notification', (alert) => observed.shown.push(alert.body));
    hearth.page.on('sound', ({ sound }) => observed.sounds.push(sound));
    if (!profileDir) await joinWithKey(hearth.app, server.url, me);
    await connected(hearth.app);
    return observed;
  }

  const serverMutes = async (): Promise<number[]> =>
    (
      (await server.api(me)('POST', '/register', { fetch_event_types: '["muted_users"]' })).json
        .muted_users as { id: number }[]
    ).map((mute) => mute.id);
  const dm = async (from: TestUser, content: string) =>
    (
      await server.api(from)('POST', '/messages', {
        type: 'private',
        to: JSON.stringify([me.id]),
        content,
      })
    ).json.id as number;
  const mutedInSnapshot = (hearth: TestHearth) => hearth.app.active().snapshot().mutedUsers;

  it('mutes someone, lists them with their name, and unmutes them, following the server', async () => {
    const { hearth } = await signedIn();
    expect(await hearth.service.listMutedUsers({})).toEqual({ people: [] });

    await hearth.service.muteUser({ userId: other.id });
    expect(await serverMutes()).toEqual([other.id]);
    await eventually('the snapshot names the muted', () =>
      mutedInSnapshot(hearth).includes(other.id),
    );
    const { people } = await hearth.service.listMutedUsers({});
    expect(people).toEqual([
      {
        userId: other.id,
        fullName: other.fullName,
        email: other.email,
        mutedAt: expect.any(Number),
      },
    ]);

    await expect(hearth.service.muteUser({ userId: other.id })).rejects.toThrow(
      'User already muted',
    );
    await hearth.service.unmuteUser({ userId: other.id });
    expect(await serverMutes()).toEqual([]);
    await eventually('the snapshot no longer names them', () =>
      mutedInSnapshot(hearth).length === 0 ? true : false,
    );
    await expect(hearth.service.unmuteUser({ userId: other.id })).rejects.toThrow(
      'User is not muted',
    );
  });

  it('follows a mute made on another device, the newest first, and keeps the list across a restart offline', async () => {
    const first = await signedIn();
    await server.api(me)('POST', `/users/me/muted_users/${third.id}`);
    await server.api(me)('POST', `/users/me/muted_users/${other.id}`);
    await eventually('both mutes arrive', () => mutedInSnapshot(first.hearth).length === 2);
    await apps.stop(first.hearth);

    apps.link.offline = true;
    const second = await apps.start(first.hearth.profileDir);
    await eventually(
      'the restarted app is offline',
      () => second.app.active().connection.state === 'offline',
    );
    expect(mutedInSnapshot(second)).toEqual([other.id, third.id].sort((a, b) => a - b));
    expect(
      (await second.service.listMutedUsers({})).people.map((person) => person.fullName),
    ).toEqual([other.fullName, third.fullName]);
    apps.link.offline = false;
    for (const user of [other, third]) {
      await server.api(me)('DELETE', `/users/me/muted_users/${user.id}`);
    }
  });

  it('gives a muted sender’s direct messages no notification, no sound and no place in the badge', async () => {
    const observed = await signedIn();
    const { app } = observed.hearth;
    await observed.hearth.service.muteUser({ userId: other.id });
    await eventually('the mute is known', () =>
      mutedInSnapshot(observed.hearth).includes(other.id),
    );
    const badge = app.appState().badge;

    const muted = await dm(other, 'You cannot hear me');
    await dm(third, 'But you hear me');
    await eventually('the other message notifies', () =>
      observed.shown.includes('But you hear me'),
    );
    expect(observed.shown).toEqual(['But you hear me']);
    expect(observed.sounds).toHaveLength(1);
    const cached = app.active().cache.messagesAmong({ kind: 'all' }, [muted]);
    expect(cached[0]?.flags).toContain('read');
    await eventually('the badge counts the unmuted message alone', () =>
      app.appState().badge === badge + 1 ? true : false,
    );
    await observed.hearth.service.unmuteUser({ userId: other.id });
  });

  it.each([
    ['no one', { userId: 0 }],
    ['a name for an ID', { userId: 'cordelia' }],
  ] as const)('refuses to mute %s without asking the server', async (_case, args) => {
    const { hearth } = await signedIn();
    await expect(invokeBridgeCall(hearth.service, 'muteUser', args)).rejects.toBeInstanceOf(
      BridgeArgumentError,
    );
  });
});
