import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's PATCH /messages/{id} with stream_id: messages move to another
// stream under the organization's move_messages_between_streams_policy, and a
// topic is resolved by renaming it with Zulip's "✔ " prefix.

interface Message {
  id: number;
  content: string;
  subject: string;
  stream_id: number;
  flags: string[];
}

describe('moving messages between streams', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const streamId = async (name: string) =>
    (await org.api(alice)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;
  const move = (user: TestUser, id: number, params: Record<string, unknown>) =>
    org.api(user)('PATCH', `/messages/${id}`, params);
  const inTopic = async (user: TestUser, stream: string, topic: string) =>
    (
      await org.api(user)('GET', '/messages', {
        anchor: 'newest',
        num_before: 100,
        num_after: 0,
        narrow: [
          { operator: 'stream', operand: stream },
          { operator: 'topic', operand: topic },
        ],
        apply_markdown: false,
      })
    ).json.messages as Message[];
  const mention = (user: TestUser) => `@_**${user.fullName}|${user.id}**`;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    for (const user of [org.owner, alice, bob, carol]) await org.subscribe(user, 'kitchen');
    for (const user of [org.owner, alice, bob]) await org.subscribe(user, 'garden');
  });
  afterAll(() => org?.close());

  it('lets only administrators move by default, and whom the organization names after', async () => {
    const id = await org.sendStream(alice, 'kitchen', 'policy', 'hello');
    const garden = await streamId('garden');
    expect((await move(alice, id, { stream_id: garden })).json).toMatchObject({
      result: 'error',
      msg: "You don't have permission to move this message",
    });
    const state = (await org.api(alice)('POST', '/register', {})).json;
    expect(state.realm_move_messages_between_streams_policy).toBe(2);
    expect(state.realm_move_messages_between_streams_limit_seconds).toBe(604800);
    const aliceQueue = await registerQueue(org, alice);
    await org.api(org.owner)('PATCH', '/realm', { move_messages_between_streams_policy: 1 });
    expect(await queuedEvents(org, alice, aliceQueue)).toContainEqual(
      expect.objectContaining({
        type: 'realm',
        op: 'update',
        property: 'move_messages_between_streams_policy',
        value: 1,
      }),
    );
    expect((await move(alice, id, { stream_id: garden })).status).toBe(200);
    expect((await inTopic(alice, 'garden', 'policy')).map((m) => m.id)).toContain(id);
  });

  it('refuses a stream the mover cannot see or may not post to, and a new content with it', async () => {
    const id = await org.sendStream(alice, 'kitchen', 'refusals', 'hello');
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'vault' }],
      invite_only: true,
    });
    const vault = (await org.api(org.owner)('GET', '/get_stream_id', { stream: 'vault' })).json
      .stream_id as number;
    expect((await move(alice, id, { stream_id: vault })).json.msg).toBe('Invalid channel ID');
    const garden = await streamId('garden');
    await org.api(org.owner)('PATCH', `/streams/${garden}`, { stream_post_policy: 2 });
    expect((await move(alice, id, { stream_id: garden })).json.msg).toBe(
      'You do not have permission to post in this channel.',
    );
    await org.api(org.owner)('PATCH', `/streams/${garden}`, { stream_post_policy: 1 });
    expect((await move(alice, id, { stream_id: garden, content: 'x' })).json.msg).toBe(
      'Cannot change message content while changing channel',
    );
  });

  it('moves a whole topic with its history, events, unreads and topic choices', async () => {
    const first = await org.sendStream(alice, 'kitchen', 'soup', 'first');
    const second = await org.sendStream(alice, 'kitchen', 'soup', 'second');
    const kitchen = await streamId('kitchen');
    const garden = await streamId('garden');
    await org.api(bob)('POST', '/user_topics', {
      stream_id: kitchen,
      topic: 'soup',
      visibility_policy: 1,
    });
    const [bobQueue, carolQueue] = [await registerQueue(org, bob), await registerQueue(org, carol)];
    const response = await move(alice, first, {
      stream_id: garden,
      topic: 'stew',
      propagate_mode: 'change_all',
      send_notification_to_old_thread: true,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);

    const bobEvents = await queuedEvents(org, bob, bobQueue);
    expect(bobEvents).toContainEqual(
      expect.objectContaining({
        type: 'update_message',
        message_id: first,
        message_ids: [first, second],
        stream_id: kitchen,
        new_stream_id: garden,
        orig_subject: 'soup',
        subject: 'stew',
        propagate_mode: 'change_all',
      }),
    );
    expect(bobEvents).toContainEqual(
      expect.objectContaining({ type: 'user_topic', stream_id: garden, topic_name: 'stew' }),
    );
    // Carol is not in the garden, which is public: she keeps sight of the
    // messages but not her copies, so she hears of the move as read.
    expect(await queuedEvents(org, carol, carolQueue)).toContainEqual(
      expect.objectContaining({ type: 'update_message', new_stream_id: garden, flags: ['read'] }),
    );

    const moved = await inTopic(bob, 'garden', 'stew');
    expect(moved.map((m) => m.id).slice(0, 2)).toEqual([first, second]);
    expect(moved.at(-1)?.content).toBe(
      `This topic was moved here from #**kitchen>soup** by ${mention(alice)}.`,
    );
    expect((await inTopic(bob, 'kitchen', 'soup')).map((m) => m.content)).toEqual([
      `This topic was moved to #**garden>stew** by ${mention(alice)}.`,
    ]);
    const history = (await org.api(bob)('GET', `/messages/${second}/history`)).json
      .message_history as Record<string, unknown>[];
    expect(history.at(-1)).toMatchObject({
      prev_stream: kitchen,
      stream: garden,
      prev_topic: 'soup',
      topic: 'stew',
    });
    const state = (await org.api(bob)('POST', '/register', {})).json;
    const unread = state.unread_msgs.streams as {
      stream_id: number;
      topic: string;
      unread_message_ids: number[];
    }[];
    expect(unread).toContainEqual(
      expect.objectContaining({
        stream_id: garden,
        topic: 'stew',
        // With the notice of the move, which Alice posted.
        unread_message_ids: [first, second, moved.at(-1)?.id],
      }),
    );
    expect(state.user_topics).toContainEqual(
      expect.objectContaining({ stream_id: garden, topic_name: 'stew', visibility_policy: 1 }),
    );
    const carolUnread = (await org.api(carol)('POST', '/register', {})).json.unread_msgs
      .streams as { stream_id: number }[];
    expect(carolUnread.map((entry) => entry.stream_id)).not.toContain(garden);
  });

  it('takes messages moved into a private stream away from those outside it', async () => {
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'cellar' }],
      principals: [org.owner.id, alice.id],
      invite_only: true,
    });
    const cellar = await streamId('cellar');
    const id = await org.sendStream(alice, 'kitchen', 'wine', 'a bottle');
    const carolQueue = await registerQueue(org, carol);
    expect((await move(org.owner, id, { stream_id: cellar })).status).toBe(200);
    expect(await queuedEvents(org, carol, carolQueue)).toContainEqual(
      expect.objectContaining({ type: 'delete_message', message_id: id }),
    );
    expect((await org.api(carol)('GET', `/messages/${id}`)).json.result).toBe('error');
  });

  it('resolves and unresolves a topic with Zulip’s notices, and no move notice', async () => {
    const id = await org.sendStream(bob, 'kitchen', 'oven', 'broken');
    const resolved = await move(alice, id, { topic: '✔ oven', propagate_mode: 'change_all' });
    expect(resolved.status, JSON.stringify(resolved.json)).toBe(200);
    expect((await inTopic(bob, 'kitchen', '✔ oven')).map((m) => m.content)).toEqual([
      'broken',
      `${mention(alice)} has marked this topic as resolved.`,
    ]);
    expect(await inTopic(bob, 'kitchen', 'oven')).toEqual([]);
    await move(alice, id, { topic: 'oven', propagate_mode: 'change_all' });
    expect((await inTopic(bob, 'kitchen', 'oven')).map((m) => m.content)).toEqual([
      'broken',
      `${mention(alice)} has marked this topic as resolved.`,
      `${mention(alice)} has marked this topic as unresolved.`,
    ]);
  });

  it("links one moved message, and a topic #**…** would break, as Zulip 12's notices do", async () => {
    const first = await org.sendStream(alice, 'kitchen', 'lunch', 'first');
    await org.sendStream(alice, 'kitchen', 'lunch', 'second');
    const garden = await streamId('garden');
    const response = await move(alice, first, {
      stream_id: garden,
      topic: 'a*b',
      propagate_mode: 'change_one',
      send_notification_to_old_thread: true,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const target = `#narrow/channel/${garden}-garden/topic/a.2Ab`;
    expect((await inTopic(bob, 'garden', 'a*b')).at(-1)?.content).toBe(
      `[A message](${org.url}/${target}/near/${first}) was moved here from ` +
        `#**kitchen>lunch** by ${mention(alice)}.`,
    );
    expect((await inTopic(bob, 'kitchen', 'lunch')).at(-1)?.content).toBe(
      `A message was moved from this topic to [#garden > a&#42;b](${target}) by ${mention(alice)}.`,
    );
  });

  it('counts the messages, not the topic, when they join a topic that has others', async () => {
    const first = await org.sendStream(alice, 'kitchen', 'bread', 'first');
    await org.sendStream(alice, 'kitchen', 'bread', 'second');
    await org.sendStream(alice, 'garden', 'loaves', 'already here');
    const garden = await streamId('garden');
    const response = await move(alice, first, {
      stream_id: garden,
      topic: 'loaves',
      propagate_mode: 'change_all',
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    expect((await inTopic(bob, 'garden', 'loaves')).at(-1)?.content).toBe(
      `2 messages were moved here from #**kitchen>bread** by ${mention(alice)}.`,
    );
  });
});
