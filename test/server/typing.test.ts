import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// POST /typing and its `typing` events, in Zulip 7.0's forms and today's.
describe('typing notifications', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let designId: number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
    designId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json.stream_id;
  });
  afterAll(() => org.close());

  const queueOf = async (user: TestUser, capabilities: Record<string, boolean> = {}) =>
    (
      await org.api(user)('POST', '/register', {
        event_types: ['typing'],
        client_capabilities: capabilities,
      })
    ).json.queue_id as string;
  const channelTyping = { stream_typing_notifications: true };
  const eventsOf = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Record<string, unknown>[];

  it('tells everyone in a private conversation, the typist included', async () => {
    const queues = await Promise.all([alice, bob, carol].map((user) => queueOf(user)));
    const response = await org.api(alice)('POST', '/typing', { op: 'start', to: [bob.id] });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    const expected = {
      id: expect.any(Number),
      type: 'typing',
      // Zulip 8.0 (feature level 215) says `direct`.
      message_type: 'direct',
      op: 'start',
      sender: { user_id: alice.id, email: alice.email },
      recipients: [
        { user_id: bob.id, email: bob.email },
        { user_id: alice.id, email: alice.email },
      ],
    };
    expect(await eventsOf(alice, queues[0] as string)).toEqual([expected]);
    expect(await eventsOf(bob, queues[1] as string)).toEqual([expected]);
    expect(await eventsOf(carol, queues[2] as string)).toEqual([]);
  });

  it("tells a stream's subscribers of typing in one of its topics", async () => {
    const [bobs, carols] = await Promise.all([
      queueOf(bob, channelTyping),
      queueOf(carol, channelTyping),
    ]);
    await org.api(alice)('POST', '/typing', {
      type: 'stream',
      op: 'stop',
      stream_id: designId,
      topic: 'plans',
    });
    expect(await eventsOf(bob, bobs)).toEqual([
      {
        id: expect.any(Number),
        type: 'typing',
        message_type: 'stream',
        op: 'stop',
        sender: { user_id: alice.id, email: alice.email },
        stream_id: designId,
        topic: 'plans',
      },
    ]);
    expect(await eventsOf(carol, carols)).toEqual([]);
  });

  it('takes a channel as Zulip 9.0 names it, by stream_id, and tells only the clients that asked', async () => {
    const [asked, plain] = await Promise.all([queueOf(bob, channelTyping), queueOf(bob)]);
    const response = await org.api(alice)('POST', '/typing', {
      type: 'channel',
      op: 'start',
      stream_id: designId,
      topic: 'launch',
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    expect(await eventsOf(bob, asked)).toEqual([
      expect.objectContaining({ message_type: 'stream', stream_id: designId, topic: 'launch' }),
    ]);
    // A client that never declared stream_typing_notifications knows only direct-message typing.
    expect(await eventsOf(bob, plain)).toEqual([]);
    await org.api(alice)('POST', '/typing', { op: 'stop', to: [bob.id] });
    expect(await eventsOf(bob, plain)).toEqual([
      expect.objectContaining({ message_type: 'direct', op: 'stop' }),
    ]);
  });

  it('refuses an unknown user, an empty list, a missing topic and a bad op', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ op: 'start', to: [999_999] }, 'Invalid user ID 999999'],
      [{ op: 'start', to: [] }, "Empty 'to' list"],
      [{ type: 'stream', op: 'start', stream_id: designId }, 'Missing topic'],
      // Zulip 8.0 (feature level 215) names a channel by stream_id alone.
      [
        { type: 'stream', op: 'start', to: [designId], topic: 'plans' },
        "Missing 'stream_id' argument",
      ],
      [{ type: 'channel', op: 'start', topic: 'plans' }, "Missing 'stream_id' argument"],
      [{ op: 'start' }, "Missing 'to' argument"],
    ];
    for (const [params, msg] of cases) {
      const response = await org.api(alice)('POST', '/typing', params);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
    }
    const badOp = await org.api(alice)('POST', '/typing', { op: 'pause', to: [bob.id] });
    expect(badOp.status).toBe(400);
    expect(badOp.json.var_name).toBe('op');
  });

  it("refuses a type Zulip does not know, 7.0's private among them (feature level 215)", async () => {
    for (const type of ['huddle', 'private']) {
      const refused = await org.api(alice)('POST', '/typing', { type, op: 'start', to: [bob.id] });
      expect(refused.status, type).toBe(400);
      expect(refused.json, type).toEqual({
        result: 'error',
        msg: 'Invalid type',
        code: 'BAD_REQUEST',
      });
    }
  });

  it('reads "(no topic)" and the display name as the empty topic, as Zulip 10.1', async () => {
    const modern = await queueOf(bob, { ...channelTyping, empty_topic_name: true });
    const older = await queueOf(bob, channelTyping);
    for (const topic of ['(no topic)', 'general chat', '']) {
      const response = await org.api(alice)('POST', '/typing', {
        type: 'channel',
        op: 'start',
        stream_id: designId,
        topic,
      });
      expect(response.json).toEqual({ result: 'success', msg: '' });
    }
    const topics = (events: Record<string, unknown>[]) => events.map((event) => event['topic']);
    expect(topics(await eventsOf(bob, modern))).toEqual(['', '', '']);
    // Without empty_topic_name a client reads the empty topic by its display name.
    expect(topics(await eventsOf(bob, older))).toEqual([
      'general chat',
      'general chat',
      'general chat',
    ]);
  });

  it('refuses typing in a channel one may not post in', async () => {
    await org.subscribe(alice, 'notices');
    const noticesId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'notices' })).json
      .stream_id as number;
    await org.api(org.owner)('PATCH', `/streams/${noticesId}`, { stream_post_policy: 2 });
    const response = await org.api(alice)('POST', '/typing', {
      type: 'channel',
      op: 'start',
      stream_id: noticesId,
      topic: 'news',
    });
    expect(response.json).toEqual({
      result: 'error',
      msg: 'You do not have permission to post in this channel.',
      code: 'BAD_REQUEST',
    });
  });

  it('refuses to announce typing for a user who turned it off', async () => {
    await org.api(carol)('PATCH', '/settings', { send_private_typing_notifications: false });
    const response = await org.api(carol)('POST', '/typing', { op: 'start', to: [bob.id] });
    expect(response.status).toBe(400);
    expect(response.json.msg).toBe('User has disabled typing notifications for direct messages');
  });
});
