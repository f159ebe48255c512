import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 12's default_avatar_source organization setting (feature level
// 456): 'G' (Gravatar) as before, or 'J' (Jdenticon, level 466).

type Event = { id: number; type: string } & Record<string, unknown>;

describe('the default_avatar_source setting', () => {
  let org: Org;
  let admin: TestUser;
  let bob: TestUser;

  const realmState = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['realm'] })).json as Record<
      string,
      unknown
    >;
  const queueOf = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { event_types: ['realm'] })).json.queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Event[];

  beforeAll(async () => {
    org = await startOrg();
    admin = await org.user('admin');
    bob = await org.user('bob');
    await org.api(org.owner)('PATCH', `/users/${admin.id}`, { role: 200 });
  });
  afterAll(() => org?.close());

  it('is Gravatar until an administrator chooses Jdenticon, which everyone hears of', async () => {
    expect((await realmState(bob)).realm_default_avatar_source).toBe('G');
    const queue = await queueOf(bob);
    const answer = await org.api(admin)('PATCH', '/realm', { default_avatar_source: 'J' });
    expect(answer.json).toMatchObject({ result: 'success' });
    expect(await eventsOf(bob, queue)).toEqual([
      { id: 0, type: 'realm', op: 'update', property: 'default_avatar_source', value: 'J' },
    ]);
    await org.restart();
    expect((await realmState(bob)).realm_default_avatar_source).toBe('J');
  });

  it.each(['X', 'g', '', 'Jdenticon'])(
    'refuses %j as Zulip does, changing nothing',
    async (value) => {
      const answer = await org.api(admin)('PATCH', '/realm', {
        default_avatar_source: value,
        name: 'Renamed alongside',
      });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        result: 'error',
        msg: 'Invalid default_avatar_source',
        code: 'BAD_REQUEST',
      });
      const state = await realmState(bob);
      expect(state.realm_default_avatar_source).toBe('J');
      expect(state.realm_name).not.toBe('Renamed alongside');
    },
  );

  it('gives people created from then on a Jdenticon avatar, which a new name leaves as it is', async () => {
    const before = bob;
    const made = await org.api(org.owner)('POST', '/users', {
      email: 'jo@hearth.test',
      full_name: 'Jo Pattern',
      password: 'long enough password',
    });
    const id = made.json.user_id as number;
    const person = (await org.api(bob)('GET', `/users/${id}`)).json.user as {
      avatar_url: string;
      avatar_version: number;
    };
    const picture = async (url: string) => (await fetch(new URL(url, org.url))).text();
    const pattern = await fetch(new URL(person.avatar_url, org.url));
    // Zulip 12 draws a Jdenticon as a PNG (jdenticonAvatars.test.ts checks its every byte).
    expect(pattern.headers.get('content-type')).toBe('image/png');
    const patternBytes = Buffer.from(await pattern.arrayBuffer());
    // Those who were there before keep the avatar they had.
    const older = (await org.api(bob)('GET', `/users/${before.id}`)).json.user as {
      avatar_url: string;
    };
    expect(await picture(older.avatar_url)).toContain('<text');

    const key = await org.api(bob)('POST', '/fetch_api_key', {
      username: 'jo@hearth.test',
      password: 'long enough password',
    });
    const jo: TestUser = {
      id,
      email: 'jo@hearth.test',
      fullName: 'Jo Pattern',
      apiKey: key.json.api_key as string,
    };
    const own = (await org.api(jo)('POST', '/register', { fetch_event_types: ['realm_user'] }))
      .json;
    expect(own.avatar_source).toBe('J');
    expect(
      (await org.api(bob)('POST', '/register', { fetch_event_types: ['realm_user'] })).json
        .avatar_source,
    ).toBe('U');

    await org.api(jo)('PATCH', '/settings', { full_name: 'Someone Else' });
    const renamed = (await org.api(bob)('GET', `/users/${id}`)).json.user as {
      avatar_version: number;
    };
    expect(renamed.avatar_version).toBe(person.avatar_version);
    const again = await fetch(new URL(person.avatar_url, org.url));
    expect(Buffer.from(await again.arrayBuffer()).equals(patternBytes)).toBe(true);
  });

  it('is for administrators to change', async () => {
    const answer = await org.api(bob)('PATCH', '/realm', { default_avatar_source: 'G' });
    expect(answer.status).toBe(400);
    expect(answer.json.msg).toBe('Must be an organization administrator');
    expect((await realmState(bob)).realm_default_avatar_source).toBe('J');
  });
});
