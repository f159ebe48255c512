import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

const administrators = 2;
const everyone = 6;
const topicFlags = ['topic_wildcard_mentioned', 'wildcard_mentioned'];

// Zulip's @**topic** (feature levels 224 and 229): it notifies the topic's
// participants, those who sent to it or reacted in it, and is limited by
// can_mention_many_users_group past 15 of them.
describe('topic wildcard mentions', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;

  const send = (user: TestUser, topic: string, content: string) =>
    org.api(user)('POST', '/messages', { type: 'stream', to: 'garden', topic, content });
  const sendOk = async (user: TestUser, topic: string, content: string) => {
    const response = await send(user, topic, content);
    expect(response.json.result, JSON.stringify(response.json)).toBe('success');
    return response.json.id as number;
  };
  const seenBy = async (user: TestUser, id: number) => {
    const response = await org.api(user)('GET', `/messages/${id}`);
    return response.json.message as { content: string; flags: string[] };
  };
  const setRealm = async (settings: Record<string, unknown>) => {
    const patch = Object.fromEntries(
      Object.entries(settings).map(([name, value]) => [name, { new: value }]),
    );
    const changed = await org.api(org.owner)('PATCH', '/realm', patch);
    expect(changed.json.result, JSON.stringify(changed.json)).toBe('success');
  };
  const unreadMentions = async (user: TestUser) => {
    const state = await org.api(user)('POST', '/register', {
      fetch_event_types: JSON.stringify(['message', 'update_message_flags']),
    });
    return (state.json.unread_msgs as { mentions: number[] }).mentions;
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    dave = await org.user('dave');
    for (const user of [alice, bob, carol, dave]) await org.subscribe(user, 'garden');
    // Bob wrote to the topic under another case; Carol only reacted there.
    const bobs = await sendOk(bob, 'Plans', 'tomatoes this year?');
    const reacted = await org.api(carol)('POST', `/messages/${bobs}/reactions`, {
      emoji_name: 'tada',
    });
    expect(reacted.json.result).toBe('success');
  });
  afterAll(() => org.close());

  it('renders @**topic** as a topic-mention span, and @_**topic** as a silent one', async () => {
    const id = await sendOk(alice, 'plans', '@**topic** and @_**topic**');
    expect((await seenBy(dave, id)).content).toBe(
      '<p><span class="topic-mention">@topic</span> and ' +
        '<span class="topic-mention silent">topic</span></p>',
    );
  });

  it("flags the topic's senders, reactors and the sender, not the other subscribers", async () => {
    const id = await sendOk(alice, 'plans', '@**topic** seeds arrived');
    expect((await seenBy(bob, id)).flags).toEqual(topicFlags);
    expect((await seenBy(carol, id)).flags).toEqual(topicFlags);
    expect((await seenBy(dave, id)).flags).toEqual([]);
    expect((await seenBy(alice, id)).flags).toEqual(['read', ...topicFlags]);
  });

  it('flags the sender of a first message to a topic, and nobody else', async () => {
    const id = await sendOk(dave, 'fresh', '@**topic** anyone?');
    expect((await seenBy(dave, id)).flags).toEqual(['read', ...topicFlags]);
    expect((await seenBy(bob, id)).flags).toEqual([]);
  });

  it('gives the message event the same flags', async () => {
    const queue = await org.api(bob)('POST', '/register', {
      event_types: JSON.stringify(['message']),
    });
    await sendOk(alice, 'plans', '@**topic** watering rota');
    const events = await org.api(bob)('GET', '/events', {
      queue_id: queue.json.queue_id,
      last_event_id: -1,
    });
    const event = (events.json.events as { type: string; flags?: string[] }[]).find(
      (each) => each.type === 'message',
    );
    expect(event?.flags).toEqual(topicFlags);
  });

  it('flags nobody for a silent, quoted or coded @topic', async () => {
    for (const content of ['@_**topic** fyi', '> @**topic** said', '`@**topic**`']) {
      const id = await sendOk(alice, 'plans', content);
      expect((await seenBy(bob, id)).flags, content).toEqual([]);
    }
  });

  it('renders @topic in a direct message but flags no one', async () => {
    const sent = await org.api(alice)('POST', '/messages', {
      type: 'direct',
      to: JSON.stringify([bob.id]),
      content: '@**topic** hello',
    });
    expect(sent.json.result).toBe('success');
    const message = await seenBy(bob, sent.json.id as number);
    expect(message.content).toBe('<p><span class="topic-mention">@topic</span> hello</p>');
    expect(message.flags).toEqual([]);
  });

  it("counts an unread @topic among register's mentions, except in a muted topic", async () => {
    const id = await sendOk(alice, 'plans', '@**topic** harvest day');
    expect(await unreadMentions(bob)).toContain(id);
    expect(await unreadMentions(dave)).not.toContain(id);
    const gardenId = (await org.api(bob)('GET', '/get_stream_id', { stream: 'garden' })).json
      .stream_id as number;
    const muted = await org.api(bob)('POST', '/user_topics', {
      stream_id: gardenId,
      topic: 'plans',
      visibility_policy: 1,
    });
    expect(muted.json.result).toBe('success');
    expect(await unreadMentions(bob)).not.toContain(id);
    await org.api(bob)('POST', '/user_topics', {
      stream_id: gardenId,
      topic: 'plans',
      visibility_policy: 0,
    });
  });

  it('finds an @topic with is:mentioned', async () => {
    const id = await sendOk(alice, 'plans', '@**topic** compost');
    const found = await org.api(carol)('GET', '/messages', {
      anchor: 'newest',
      num_before: 50,
      num_after: 0,
      narrow: JSON.stringify([{ operator: 'is', operand: 'mentioned' }]),
    });
    const ids = (found.json.messages as { id: number }[]).map((message) => message.id);
    expect(ids).toContain(id);
  });

  it('sets and clears the flag when an edit adds or removes @topic', async () => {
    const id = await sendOk(alice, 'plans', 'nothing yet');
    expect((await seenBy(bob, id)).flags).toEqual([]);
    const added = await org.api(alice)('PATCH', `/messages/${id}`, { content: '@**topic** now' });
    expect(added.json.result).toBe('success');
    expect((await seenBy(bob, id)).flags).toEqual(topicFlags);
    expect((await seenBy(dave, id)).flags).toEqual([]);
    await org.api(alice)('PATCH', `/messages/${id}`, { content: 'never mind' });
    expect((await seenBy(bob, id)).flags).toEqual([]);
  });

  it('refuses changing the flags by hand, and knows no wildcard_mentioned flag', async () => {
    const id = await sendOk(alice, 'plans', 'flags');
    const change = (flag: string) =>
      org.api(bob)('POST', '/messages/flags', {
        messages: JSON.stringify([id]),
        op: 'add',
        flag,
      });
    expect((await change('topic_wildcard_mentioned')).json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: "Flag not editable: 'topic_wildcard_mentioned'",
    });
    expect((await change('stream_wildcard_mentioned')).json.msg).toBe(
      "Flag not editable: 'stream_wildcard_mentioned'",
    );
    expect((await change('wildcard_mentioned')).json.msg).toBe(
      "Invalid flag: 'wildcard_mentioned'",
    );
  });

  it('asks can_mention_many_users_group only of a topic with more than 15 participants', async () => {
    await setRealm({ can_mention_many_users_group: administrators });
    // Many subscribers do not matter, only participants.
    const crowd: TestUser[] = [];
    for (let index = 0; index < 15; index += 1) crowd.push(await org.user(`crowd${index}`));
    for (const user of crowd) await org.subscribe(user, 'garden');
    expect((await send(bob, 'plans', '@**topic** small')).json.result).toBe('success');
    for (const user of crowd) await sendOk(user, 'busy', 'here');
    // Fifteen participants with a sender among them are not too many.
    const first = crowd[0];
    if (!first) throw new Error('the crowd is empty');
    expect((await send(first, 'busy', '@**topic** fine')).json.result).toBe('success');
    // Bob would be the sixteenth, counted as the sender.
    expect((await send(bob, 'busy', '@**topic** lunch')).json).toMatchObject({
      result: 'error',
      code: 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
      msg: 'You do not have permission to use topic wildcard mentions in this topic.',
    });
    expect((await send(bob, 'busy', '@_**topic** lunch')).json.result).toBe('success');
    await org.subscribe(org.owner, 'garden');
    expect((await send(org.owner, 'busy', '@**topic** lunch')).json.result).toBe('success');
    const id = await sendOk(bob, 'busy', 'plain');
    // Bob is a participant now, so the topic has 17.
    const edited = await org.api(bob)('PATCH', `/messages/${id}`, { content: '@**topic** hi' });
    expect(edited.json.code).toBe('TOPIC_WILDCARD_MENTION_NOT_ALLOWED');
    expect((await seenBy(bob, id)).content).toBe('<p>plain</p>');
    await setRealm({ can_mention_many_users_group: everyone });
    expect((await send(bob, 'busy', '@**topic** lunch')).json.result).toBe('success');
  });
});
