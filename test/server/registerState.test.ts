import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Spec §4, POST /register: the parameters that choose and shape the initial
// state (event_types, fetch_event_types, include_subscribers, client_gravatar).
describe('the initial state POST /register returns', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const register = async (params: Record<string, unknown>) => {
    const response = await org.api(alice)('POST', '/register', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json;
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
  });
  afterAll(() => org.close());

  it('answers with a queue_id, last_event_id -1 and how long to wait on a poll besides the state', async () => {
    const state = await register({ event_types: ['message'] });
    expect(state).toMatchObject({ result: 'success', msg: '', last_event_id: -1 });
    expect(state.queue_id).toMatch(/^\d+:\d+$/);
    // Zulip's 90 s, well past the host's 50 s heartbeat.
    expect(state.event_queue_longpoll_timeout_seconds).toBe(90);
  });

  it('gives the newest message the user has as max_message_id, after each send and each deletion, as GET /users/me does', async () => {
    const newest = async () => {
      const [first, second] = [await register({}), await register({})];
      const me = await org.api(alice)('GET', '/users/me');
      expect([first.max_message_id, me.json.max_message_id]).toEqual([
        second.max_message_id,
        second.max_message_id,
      ]);
      return second.max_message_id as number;
    };
    const before = await newest();
    const sent = await org.sendStream(bob, 'design', 'max', 'first');
    expect(await newest()).toBe(sent);
    const later = await org.sendStream(bob, 'design', 'max', 'second');
    expect(await newest()).toBe(later);
    expect((await org.api(org.owner)('DELETE', `/messages/${later}`)).status).toBe(200);
    expect(await newest()).toBe(sent);
    expect((await org.api(org.owner)('DELETE', `/messages/${sent}`)).status).toBe(200);
    expect(await newest()).toBe(before);
  });

  it("lists each of the user's direct-message conversations once, newest first, by the others in it", async () => {
    const [carol, dave] = await Promise.all([org.user('carol'), org.user('dave')]);
    const send = async (from: TestUser, to: TestUser[]) =>
      (
        await org.api(from)('POST', '/messages', {
          type: 'direct',
          to: JSON.stringify(to.map((user) => user.id)),
          content: 'hello',
        })
      ).json.id as number;
    await send(dave, [carol]);
    const toBob = await send(dave, [bob]);
    const fromBob = await send(bob, [dave]);
    const group = await send(dave, [bob, carol]);
    const own = await send(dave, [dave]);
    const fromCarol = await send(carol, [dave]);
    await org.api(dave)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'not direct',
      content: 'hello',
    });
    const stateOf = async (user: TestUser) =>
      (
        await org.api(user)('POST', '/register', {
          fetch_event_types: ['recent_private_conversations'],
        })
      ).json.recent_private_conversations;
    expect(toBob).toBeLessThan(fromBob);
    expect(await stateOf(dave)).toEqual([
      { max_message_id: fromCarol, user_ids: [carol.id] },
      { max_message_id: own, user_ids: [] },
      { max_message_id: group, user_ids: [bob.id, carol.id].sort((a, b) => a - b) },
      { max_message_id: fromBob, user_ids: [bob.id] },
    ]);
    expect(await stateOf(bob)).toEqual([
      { max_message_id: group, user_ids: [carol.id, dave.id].sort((a, b) => a - b) },
      { max_message_id: fromBob, user_ids: [dave.id] },
    ]);
  });

  it("reads only the user's newest thousand direct messages for them, as Zulip does", async () => {
    const [erin, frank, gus] = await Promise.all([
      org.user('erin'),
      org.user('frank'),
      org.user('gus'),
    ]);
    const send = (to: TestUser) =>
      org.api(erin)('POST', '/messages', {
        type: 'direct',
        to: JSON.stringify([to.id]),
        content: 'again',
      });
    await send(gus);
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(Array.from({ length: 100 }, () => send(frank)));
    }
    const state = (
      await org.api(erin)('POST', '/register', {
        fetch_event_types: ['recent_private_conversations'],
      })
    ).json.recent_private_conversations as { user_ids: number[] }[];
    expect(state.map((conversation) => conversation.user_ids)).toEqual([[frank.id]]);
  });

  it('fetches the state of every type when event_types is left out', async () => {
    const state = await register({});
    for (const key of ['max_message_id', 'subscriptions', 'realm_users', 'muted_topics']) {
      expect(state).toHaveProperty(key);
    }
  });

  it('fetches only the types named by event_types when fetch_event_types is left out', async () => {
    const state = await register({ event_types: ['subscription'] });
    expect(state).toHaveProperty('subscriptions');
    expect(state).not.toHaveProperty('realm_users');
    expect(state).not.toHaveProperty('max_message_id');
  });

  it('fetches by fetch_event_types while the queue follows event_types', async () => {
    const state = await register({ event_types: ['message'], fetch_event_types: ['realm_user'] });
    expect(state).toHaveProperty('realm_users');
    expect(state).not.toHaveProperty('max_message_id');
    await org.subscribe(alice, 'garden');
    const events = (
      await org.api(alice)('GET', '/events', { queue_id: state.queue_id, dont_block: true })
    ).json.events;
    expect(events).toEqual([]);
  });

  it('lists subscribers by user ID only with include_subscribers', async () => {
    const design = (state: { subscriptions: { name: string }[] }) =>
      state.subscriptions.find((sub) => sub.name === 'design') as Record<string, unknown>;
    const plain = await register({ event_types: ['subscription'] });
    expect(design(plain)).not.toHaveProperty('subscribers');
    const full = await register({ event_types: ['subscription'], include_subscribers: true });
    expect(design(full).subscribers).toEqual([alice.id, bob.id]);
  });

  it('sends realm_emoji as an empty object, since the organization has no custom emoji', async () => {
    const state = await register({ event_types: ['realm_emoji'] });
    expect(state.realm_emoji).toEqual({});
  });

  it('leaves muted streams and topics out of the unread count', async () => {
    const say = (stream: string, topic: string) =>
      org.api(bob)('POST', '/messages', { type: 'stream', to: stream, topic, content: 'x' });
    await org.api(alice)('POST', '/mark_all_as_read');
    await org.subscribe(alice, 'quiet');
    await org.subscribe(bob, 'quiet');
    const quietId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'quiet' })).json
      .stream_id;
    await org.api(alice)('POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: quietId, property: 'is_muted', value: true }],
    });
    await org.api(alice)('PATCH', '/users/me/subscriptions/muted_topics', {
      stream: 'design',
      topic: 'noise',
      op: 'add',
    });
    await say('design', 'news');
    await say('design', 'news');
    await say('design', 'noise');
    await say('quiet', 'anything');
    await org.api(bob)('POST', '/messages', { type: 'private', to: alice.email, content: 'x' });
    const state = await register({ event_types: ['message', 'update_message_flags'] });
    expect(state.unread_msgs.count).toBe(3);
  });

  it('keeps the host-served avatars of realm_users with client_gravatar', async () => {
    for (const clientGravatar of [false, true]) {
      const state = await register({
        event_types: ['realm_user'],
        client_gravatar: clientGravatar,
      });
      const bobs = (state.realm_users as { user_id: number; avatar_url: string }[]).find(
        (user) => user.user_id === bob.id,
      );
      expect(bobs?.avatar_url).toBe(`/avatar/${bob.id}?version=1`);
    }
  });
});
