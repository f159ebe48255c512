import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Issue 52, point 2: the organization's can_access_all_users_group, enforced
// as Zulip 12 does. At role:members a guest sees themself, every bot, the
// people of the channels they are in and of their direct messages; everyone
// else is "Unknown user", or left out for a client that lists users
// incompletely (feature levels 228 and 232).

const members = 5;
const everyone = 6;

type Json = Record<string, unknown>;

describe('who a guest may see', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let gus: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    gus = await org.user('gus');
    await org.subscribe(alice, 'porch');
    await org.subscribe(bob, 'attic');
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'porch' }],
      principals: [gus.id],
    });
    await org.api(org.owner)('PATCH', `/users/${gus.id}`, { role: 600 });
    // Everyone joins `general` on arrival; the guest leaves it, so that only `porch` is shared.
    await org.api(gus)('DELETE', '/users/me/subscriptions', {
      subscriptions: JSON.stringify(['general']),
    });
    const restrict = await org.api(org.owner)('PATCH', '/realm', {
      can_access_all_users_group: JSON.stringify({ new: members }),
    });
    expect(restrict.json.result).toBe('success');
  });
  afterAll(() => org.close());

  const register = async (user: TestUser, capabilities: Json = {}) =>
    (
      await org.api(user)('POST', '/register', {
        fetch_event_types: JSON.stringify(['realm_user', 'user_status']),
        event_types: JSON.stringify(['realm_user', 'user_status', 'subscription', 'message']),
        client_capabilities: JSON.stringify(capabilities),
      })
    ).json as Json & { queue_id: string; realm_users: Json[] };
  const events = async (user: TestUser, queueId: string) =>
    (
      await org.api(user)('GET', '/events', {
        queue_id: queueId,
        last_event_id: -1,
        dont_block: true,
      })
    ).json.events as Json[];
  const ids = (users: Json[]) => users.map((user) => user.user_id as number).sort((a, b) => a - b);
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

  it('registers with the people of shared channels, others as "Unknown user"', async () => {
    const state = await register(gus);
    const byId = new Map(state.realm_users.map((user) => [user.user_id as number, user]));
    expect(byId.get(alice.id)).toMatchObject({ full_name: 'Alice', email: alice.email });
    expect(byId.get(gus.id)).toMatchObject({ is_guest: true });
    expect(byId.get(bob.id)).toEqual({
      email: expect.stringMatching(new RegExp(`^user${bob.id}@`)),
      user_id: bob.id,
      avatar_version: 1,
      is_admin: false,
      is_owner: false,
      is_guest: false,
      role: 400,
      is_bot: false,
      full_name: 'Unknown user',
      timezone: '',
      is_active: true,
      date_joined: '1970-01-01T00:00:00+00:00',
      delivery_email: null,
      avatar_url: '/static/images/unknown-user-avatar.png',
      profile_data: {},
      is_imported_stub: false,
    });
    expect(byId.get(org.owner.id)).toMatchObject({ full_name: 'Unknown user' });
  });

  it('leaves them out for a client with the user_list_incomplete capability', async () => {
    const state = await register(gus, { user_list_incomplete: true });
    expect(ids(state.realm_users)).toEqual(sorted([alice.id, gus.id]));
    expect(state.realm_non_active_users).toEqual([]);
  });

  it('sees everyone again, and members always see everyone, at role:everyone', async () => {
    expect(ids((await register(alice)).realm_users)).toContain(gus.id);
    await org.api(org.owner)('PATCH', '/realm', {
      can_access_all_users_group: JSON.stringify({ new: everyone }),
    });
    const state = await register(gus, { user_list_incomplete: true });
    expect(ids(state.realm_users)).toEqual(
      expect.arrayContaining([alice.id, bob.id, carol.id, org.owner.id]),
    );
    await org.api(org.owner)('PATCH', '/realm', {
      can_access_all_users_group: JSON.stringify({ new: members }),
    });
  });

  it('lists the others as "Unknown user" in GET /users and refuses them one by one', async () => {
    const list = (await org.api(gus)('GET', '/users')).json.members as Json[];
    const names = new Map(list.map((user) => [user.user_id as number, user.full_name]));
    expect(names.get(alice.id)).toBe('Alice');
    expect(names.get(bob.id)).toBe('Unknown user');
    expect((await org.api(gus)('GET', `/users/${alice.id}`)).json.user).toMatchObject({
      full_name: 'Alice',
    });
    expect((await org.api(gus)('GET', `/users/${bob.id}`)).json).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Insufficient permission',
    });
    expect((await org.api(gus)('GET', `/users/${gus.id}`)).json.result).toBe('success');
  });

  it('refuses a direct message to someone the guest may not see', async () => {
    const sent = await org.api(gus)('POST', '/messages', {
      type: 'direct',
      to: JSON.stringify([bob.id]),
      content: 'hello?',
    });
    expect(sent.json).toMatchObject({
      result: 'error',
      msg: 'You do not have permission to access some of the recipients.',
    });
  });

  it('tells the guest only of changes to people they may see', async () => {
    const { queue_id: queueId } = await register(gus, { user_list_incomplete: true });
    await org.api(bob)('PATCH', '/settings', { full_name: 'Robert' });
    await org.api(alice)('PATCH', '/settings', { full_name: 'Alicia' });
    await org.api(bob)('POST', '/users/me/status', { status_text: 'busy' });
    await org.api(alice)('POST', '/users/me/status', { status_text: 'here' });
    const heard = await events(gus, queueId);
    const about = heard
      .filter((event) => event.type === 'realm_user' || event.type === 'user_status')
      .map((event) =>
        event.type === 'user_status' ? event.user_id : (event.person as Json).user_id,
      );
    expect(about).toContain(alice.id);
    expect(about).not.toContain(bob.id);
    const state = await register(gus);
    expect((state.user_status as Json)[String(alice.id)]).toEqual({ status_text: 'here' });
    expect((state.user_status as Json)[String(bob.id)]).toBeUndefined();
  });

  it('tells the guest of the people of a channel they join, and hides them when they leave', async () => {
    const { queue_id: queueId } = await register(gus, { user_list_incomplete: true });
    await org.api(bob)('POST', '/users/me/subscriptions', {
      subscriptions: JSON.stringify([{ name: 'attic' }]),
      principals: JSON.stringify([gus.id]),
    });
    const joined = (await events(gus, queueId)).filter((event) => event.type === 'realm_user');
    expect(joined).toEqual([
      expect.objectContaining({
        op: 'add',
        person: expect.objectContaining({ user_id: bob.id, full_name: 'Robert' }),
      }),
    ]);
    // The add comes before the subscription it follows from.
    const all = await events(gus, queueId);
    const addAt = all.findIndex((event) => event.type === 'realm_user');
    const subAt = all.findIndex((event) => event.type === 'subscription' && event.op === 'add');
    expect(addAt).toBeLessThan(subAt);

    const { queue_id: again } = await register(gus, { user_list_incomplete: true });
    await org.api(gus)('DELETE', '/users/me/subscriptions', {
      subscriptions: JSON.stringify(['attic']),
    });
    const left = (await events(gus, again)).filter((event) => event.type === 'realm_user');
    expect(left).toEqual([
      expect.objectContaining({
        op: 'remove',
        person: { user_id: bob.id, full_name: 'Unknown user' },
      }),
    ]);
    expect(ids((await register(gus, { user_list_incomplete: true })).realm_users)).not.toContain(
      bob.id,
    );
  });

  it('tells the guest of someone joining a channel they are in', async () => {
    const { queue_id: queueId } = await register(gus, { user_list_incomplete: true });
    await org.subscribe(carol, 'porch');
    const heard = (await events(gus, queueId)).filter((event) => event.type === 'realm_user');
    expect(heard).toEqual([
      expect.objectContaining({
        op: 'add',
        person: expect.objectContaining({ user_id: carol.id }),
      }),
    ]);
    await org.api(carol)('DELETE', '/users/me/subscriptions', {
      subscriptions: JSON.stringify(['porch']),
    });
  });

  it('lets a direct message from a member introduce them, before the message', async () => {
    const { queue_id: queueId } = await register(gus, { user_list_incomplete: true });
    const sent = await org.api(org.owner)('POST', '/messages', {
      type: 'direct',
      to: JSON.stringify([gus.id]),
      content: 'Welcome aboard',
    });
    expect(sent.json.result).toBe('success');
    const heard = (await events(gus, queueId)).filter(
      (event) => event.type === 'realm_user' || event.type === 'message',
    );
    expect(heard.map((event) => event.type)).toEqual(['realm_user', 'message']);
    expect(heard[0]).toMatchObject({ op: 'add', person: { user_id: org.owner.id } });
    const state = await register(gus, { user_list_incomplete: true });
    expect(ids(state.realm_users)).toContain(org.owner.id);
    expect((await org.api(gus)('GET', `/users/${org.owner.id}`)).json.result).toBe('success');
  });

  it('hears of a newcomer only once they share a channel', async () => {
    const { queue_id: queueId } = await register(gus, { user_list_incomplete: true });
    const { queue_id: aliceQueue } = await register(alice);
    const dora = await org.user('dora');
    const guestHeard = (await events(gus, queueId)).filter((event) => event.type === 'realm_user');
    expect(guestHeard).toEqual([]);
    const memberHeard = (await events(alice, aliceQueue)).filter(
      (event) => event.type === 'realm_user' && event.op === 'add',
    );
    expect(memberHeard).toEqual([
      expect.objectContaining({ person: expect.objectContaining({ user_id: dora.id }) }),
    ]);
  });
});
