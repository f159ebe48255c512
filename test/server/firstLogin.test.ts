import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, testPassword, type Org, type TestUser } from '../helpers/org';

// Zulip 12 (feature level 475): someone created through POST /users joins
// when they first sign in; their date_joined moves to that moment and
// everyone who may see them hears of it. No later sign-in tells anyone.

type Event = { id: number; type: string } & Record<string, unknown>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('date_joined at the first sign-in', () => {
  let org: Org;
  let alice: TestUser;

  const queueOf = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { event_types: ['realm_user'] })).json
      .queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Event[];
  const signIn = (email: string) =>
    org.api(alice)('POST', '/fetch_api_key', { username: email, password: testPassword });
  const dateJoinedOf = async (userId: number) =>
    (await org.api(alice)('GET', `/users/${userId}`)).json.user.date_joined as string;
  const create = async (name: string) =>
    (
      await org.api(org.owner)('POST', '/users', {
        email: `${name}@hearth.test`,
        full_name: name,
        password: testPassword,
      })
    ).json.user_id as number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org?.close());

  it('moves date_joined to the first sign-in and tells everyone, once', async () => {
    const id = await create('dana');
    const created = await dateJoinedOf(id);
    const queue = await queueOf(alice);
    await sleep(1_100);

    expect((await signIn('dana@hearth.test')).json.result).toBe('success');
    const joined = await dateJoinedOf(id);
    expect(Date.parse(joined)).toBeGreaterThan(Date.parse(created));
    expect(await eventsOf(alice, queue)).toEqual([
      { id: 0, type: 'realm_user', op: 'update', person: { user_id: id, date_joined: joined } },
    ]);
    const users = (await org.api(alice)('POST', '/register', { fetch_event_types: ['realm_user'] }))
      .json.realm_users as { user_id: number; date_joined: string }[];
    expect(users.find((user) => user.user_id === id)?.date_joined).toBe(joined);

    const later = await queueOf(alice);
    await sleep(1_100);
    expect((await signIn('dana@hearth.test')).json.result).toBe('success');
    expect(await dateJoinedOf(id)).toBe(joined);
    expect(await eventsOf(alice, later)).toEqual([]);
  });

  it('keeps waiting across a restart, and changes nothing on a refused sign-in', async () => {
    const id = await create('eli');
    const created = await dateJoinedOf(id);
    await org.restart();
    const queue = await queueOf(alice);
    const wrong = await org.api(alice)('POST', '/fetch_api_key', {
      username: 'eli@hearth.test',
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    expect(await dateJoinedOf(id)).toBe(created);
    expect(await eventsOf(alice, queue)).toEqual([]);

    await sleep(1_100);
    await signIn('eli@hearth.test');
    expect(Date.parse(await dateJoinedOf(id))).toBeGreaterThan(Date.parse(created));
    expect(await eventsOf(alice, queue)).toHaveLength(1);
  });
});
