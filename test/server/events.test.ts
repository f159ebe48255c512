import zulip from 'zulip-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

const heartbeatMs = 300;

describe('event queues', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const register = async (user: TestUser, params: Record<string, unknown> = {}) => {
    const response = await org.api(user)('POST', '/register', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json as { queue_id: string; last_event_id: number } & Record<string, unknown>;
  };
  const poll = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('GET', '/events', params);
  const say = (user: TestUser, stream: string, topic: string, content: string) =>
    org.api(user)('POST', '/messages', { type: 'stream', to: stream, topic, content });

  beforeAll(async () => {
    org = await startOrg({ queueTimeouts: { heartbeatMs, idleMs: 60_000 } });
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
    await org.subscribe(bob, 'random');
  });
  afterAll(() => org.close());

  it('lets a real zulip-js client register, send multipart and receive the message event', async () => {
    const client = await zulip({ username: bob.email, apiKey: bob.apiKey, realm: org.url });
    const queue = await client.queues.register({ event_types: ['message'] });
    expect(queue).toMatchObject({ result: 'success', last_event_id: -1 });
    const waiting = client.events.retrieve({
      queue_id: queue.queue_id,
      last_event_id: queue.last_event_id,
    });
    const sent = await client.messages.send({
      type: 'stream',
      to: 'design',
      topic: 'zulip-js',
      content: 'hello from *zulip-js*',
    });
    expect(sent).toMatchObject({ result: 'success', id: expect.any(Number) });
    const { events } = (await waiting) as unknown as { events: Record<string, unknown>[] };
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'message',
      flags: ['read'],
      message: {
        id: sent.id,
        subject: 'zulip-js',
        sender_email: bob.email,
        display_recipient: 'design',
      },
    });
  });

  it('accepts event_types=null as "all types", as zulip-js sends it', async () => {
    const client = await zulip({ username: alice.email, apiKey: alice.apiKey, realm: org.url });
    const queue = await client.queues.register({ event_types: null });
    expect(queue.result).toBe('success');
    expect(queue).toHaveProperty('subscriptions');
    expect(queue).toHaveProperty('realm_users');
    const withoutArguments = await client.queues.register();
    expect(withoutArguments.result).toBe('success');
  });

  it('returns the initial state a client needs to start', async () => {
    const state = await register(alice);
    expect(state.queue_id).toMatch(/^\d+:\d+$/);
    expect(state).toMatchObject({
      last_event_id: -1,
      user_id: alice.id,
      email: alice.email,
      full_name: 'Alice',
      realm_name: 'Hearth',
      zulip_feature_level: expect.any(Number),
      zulip_version: expect.any(String),
      max_message_id: expect.any(Number),
    });
    expect((state.subscriptions as { name: string }[]).map((s) => s.name)).toEqual([
      'design',
      'general',
    ]);
    expect((state.realm_users as { email: string }[]).map((u) => u.email)).toContain(bob.email);
  });

  it('sends only the initial state of the requested fetch_event_types', async () => {
    const state = await register(alice, { fetch_event_types: ['message'] });
    expect(state).toHaveProperty('max_message_id');
    expect(state).not.toHaveProperty('subscriptions');
  });

  it('shows HTML or markdown in message events as the queue asked', async () => {
    const html = await register(alice, { apply_markdown: true, event_types: ['message'] });
    const raw = await register(alice, { apply_markdown: false, event_types: ['message'] });
    await say(bob, 'design', 'format', 'some **bold**');
    const [htmlEvents, rawEvents] = await Promise.all([
      poll(alice, { queue_id: html.queue_id, last_event_id: -1 }),
      poll(alice, { queue_id: raw.queue_id, last_event_id: -1 }),
    ]);
    expect(htmlEvents.json.events[0].message.content).toBe('<p>some <strong>bold</strong></p>');
    expect(htmlEvents.json.events[0].flags).toEqual([]);
    expect(rawEvents.json.events[0].message.content).toBe('some **bold**');
  });

  it('keeps unacknowledged events and drops them once last_event_id covers them', async () => {
    const queue = await register(alice, { event_types: ['message'] });
    await say(bob, 'design', 'ack', 'one');
    await say(bob, 'design', 'ack', 'two');
    const first = await poll(alice, {
      queue_id: queue.queue_id,
      last_event_id: -1,
      dont_block: true,
    });
    const ids = first.json.events.map((event: { id: number }) => event.id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBeGreaterThan(ids[0]);
    const again = await poll(alice, {
      queue_id: queue.queue_id,
      last_event_id: ids[0],
      dont_block: true,
    });
    expect(again.json.events.map((event: { id: number }) => event.id)).toEqual([ids[1]]);
    const done = await poll(alice, {
      queue_id: queue.queue_id,
      last_event_id: ids[1],
      dont_block: true,
    });
    expect(done.json.events).toEqual([]);
  });

  it('answers a blocking poll with a heartbeat after the configured time-out', async () => {
    const queue = await register(alice, { event_types: ['message'] });
    const started = Date.now();
    const response = await poll(alice, { queue_id: queue.queue_id, last_event_id: -1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(heartbeatMs - 20);
    expect(response.json.events).toEqual([{ type: 'heartbeat', id: 0 }]);
  });

  it('delivers only the stream a narrowed queue follows', async () => {
    const queue = await register(bob, {
      narrow: JSON.stringify([['stream', 'random']]),
      event_types: ['message'],
    });
    await say(bob, 'design', 'x', 'not for the narrow');
    await say(bob, 'random', 'x', 'for the narrow');
    const response = await poll(bob, {
      queue_id: queue.queue_id,
      last_event_id: -1,
      dont_block: true,
    });
    expect(
      response.json.events.map((event: { message: { content: string } }) => event.message.content),
    ).toEqual(['for the narrow']);
  });

  it('tells a subscriber about a new subscription but not a message-only queue', async () => {
    const everything = await register(alice);
    const messagesOnly = await register(alice, { event_types: ['message'] });
    await org.subscribe(alice, 'announcements');
    const all = await poll(alice, { queue_id: everything.queue_id, dont_block: true });
    expect(all.json.events).toContainEqual(
      expect.objectContaining({
        type: 'subscription',
        op: 'add',
        subscriptions: [expect.objectContaining({ name: 'announcements' })],
      }),
    );
    const some = await poll(alice, { queue_id: messagesOnly.queue_id, dont_block: true });
    expect(some.json.events).toEqual([]);
  });

  it('refuses to hand one user the queue of another', async () => {
    const queue = await register(alice);
    const response = await poll(bob, { queue_id: queue.queue_id, dont_block: true });
    expect(response.status).toBe(400);
    expect(response.json.result).toBe('error');
  });

  it('forgets a deleted queue and then reports BAD_EVENT_QUEUE_ID', async () => {
    const queue = await register(alice);
    expect((await org.api(alice)('DELETE', '/events', { queue_id: queue.queue_id })).status).toBe(
      200,
    );
    const after = await poll(alice, { queue_id: queue.queue_id, dont_block: true });
    expect(after.json).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: queue.queue_id });
    const again = await org.api(alice)('DELETE', '/events', { queue_id: queue.queue_id });
    expect(again.json).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: queue.queue_id });
  });

  it('echoes local_id to the sending queue only', async () => {
    const mine = await register(alice, { event_types: ['message'] });
    const other = await register(alice, { event_types: ['message'] });
    await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'echo',
      content: 'local echo',
      queue_id: mine.queue_id,
      local_id: '1.01',
    });
    const a = await poll(alice, { queue_id: mine.queue_id, dont_block: true });
    const b = await poll(alice, { queue_id: other.queue_id, dont_block: true });
    expect(a.json.events[0].local_message_id).toBe('1.01');
    expect(b.json.events[0]).not.toHaveProperty('local_message_id');
  });
});

describe('idle queues', () => {
  it('are garbage-collected after the idle time-out', async () => {
    const org = await startOrg({ queueTimeouts: { heartbeatMs: 1_000, idleMs: 200 } });
    try {
      const alice = await org.user('alice');
      const queue = (await org.api(alice)('POST', '/register', {})).json.queue_id;
      await new Promise((resolve) => setTimeout(resolve, 600));
      const response = await org.api(alice)('GET', '/events', {
        queue_id: queue,
        dont_block: true,
      });
      expect(response.json).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: queue });
    } finally {
      await org.close();
    }
  });
});

describe('shutting down', () => {
  it('answers a waiting long-poll instead of hanging until its heartbeat', async () => {
    const org = await startOrg({ queueTimeouts: { heartbeatMs: 30_000 } });
    const alice = await org.user('alice');
    const queue = (await org.api(alice)('POST', '/register', {})).json.queue_id;
    const waiting = org.api(alice)('GET', '/events', { queue_id: queue, last_event_id: -1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await org.close();
    const response = await waiting;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response.json).toMatchObject({ result: 'success', events: [] });
  }, 10_000);
});
