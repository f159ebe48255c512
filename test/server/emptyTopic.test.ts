import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

type Json = Record<string, unknown>;

// The system group role:administrators, as every Hearth host numbers it.
const administratorsGroup = 2;

describe('the empty topic ("general chat") and topics policies (Zulip 10 to 12)', () => {
  let org: Org;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    admin = await org.user('admin');
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.api(org.owner)('PATCH', `/users/${admin.id}`, { role: 200 });
    for (const user of [admin, alice, bob]) await org.subscribe(user, 'kitchen');
  });
  afterAll(() => org.close());

  const send = (user: TestUser, to: string, topic: string, content = 'hi') =>
    org.api(user)('POST', '/messages', { type: 'stream', to, topic, content });
  const sentId = async (user: TestUser, to: string, topic: string) => {
    const { json } = await send(user, to, topic);
    expect(json).toMatchObject({ result: 'success' });
    return json.id as number;
  };
  const message = async (id: number, allowEmpty?: boolean) =>
    (
      await org.api(alice)('GET', `/messages/${id}`, {
        ...(allowEmpty === undefined ? {} : { allow_empty_topic_name: allowEmpty }),
      })
    ).json.message as Json;
  const streamOf = async (name: string) => {
    const { json } = await org.api(admin)('GET', '/streams');
    return (json.streams as Json[]).find((stream) => stream.name === name) as Json;
  };
  const register = async (user: TestUser, capabilities: Json, types: string[]) =>
    (
      await org.api(user)('POST', '/register', {
        event_types: types,
        client_capabilities: capabilities,
      })
    ).json;
  const events = async (user: TestUser, queueId: string) =>
    (
      await org.api(user)('GET', '/events', {
        queue_id: queueId,
        last_event_id: -1,
        dont_block: true,
      })
    ).json.events as Json[];
  const refusal = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });
  const sendingRefused = 'Sending messages to the general chat is not allowed in this channel.';
  const onlyGeneralChat = 'Only the general chat topic is allowed in this channel.';

  const onlyAdministratorsSetPolicies = async () => {
    const changed = await org.api(admin)('PATCH', '/realm', {
      can_set_topics_policy_group: { new: administratorsGroup },
    });
    expect(changed.json).toMatchObject({ result: 'success' });
  };

  it('announces the empty topic and the policies in register and on channels', async () => {
    const state = await register(alice, {}, ['realm', 'subscription']);
    expect(state).toMatchObject({
      realm_empty_topic_display_name: 'general chat',
      realm_topics_policy: 'allow_empty_topic',
      realm_mandatory_topics: false,
    });
    expect(state.subscriptions).toContainEqual(
      expect.objectContaining({ name: 'kitchen', topics_policy: 'inherit' }),
    );
    expect(await streamOf('kitchen')).toMatchObject({ topics_policy: 'inherit' });
  });

  it('sends to the empty topic under "", its display name or "(no topic)"', async () => {
    for (const topic of ['', '  ', 'general chat', '(no topic)']) {
      const id = await sentId(alice, 'kitchen', topic);
      expect((await message(id, true)).subject).toBe('');
      // A client that did not ask for "" reads the display name.
      expect((await message(id)).subject).toBe('general chat');
    }
    const { json } = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [
        { operator: 'stream', operand: 'kitchen' },
        { operator: 'topic', operand: '' },
      ],
      allow_empty_topic_name: true,
    });
    const subjects = (json.messages as Json[]).map((each) => each.subject);
    expect(subjects.length).toBeGreaterThanOrEqual(4);
    expect(new Set(subjects)).toEqual(new Set(['']));
  });

  it('shows the display name in events and unreads to clients without empty_topic_name', async () => {
    const old = await register(bob, {}, ['message', 'update_message_flags', 'user_topic']);
    const modern = await register(bob, { empty_topic_name: true }, ['message', 'user_topic']);
    const id = await sentId(alice, 'kitchen', '');
    await org.api(bob)('POST', '/user_topics', {
      stream_id: (await streamOf('kitchen')).stream_id,
      topic: '',
      visibility_policy: 1,
    });
    const oldEvents = await events(bob, old.queue_id as string);
    expect(oldEvents).toContainEqual(
      expect.objectContaining({
        type: 'message',
        message: expect.objectContaining({ id, subject: 'general chat' }),
      }),
    );
    expect(oldEvents).toContainEqual(
      expect.objectContaining({ type: 'user_topic', topic_name: 'general chat' }),
    );
    const modernEvents = await events(bob, modern.queue_id as string);
    expect(modernEvents).toContainEqual(
      expect.objectContaining({
        type: 'message',
        message: expect.objectContaining({ subject: '' }),
      }),
    );
    expect(modernEvents).toContainEqual(
      expect.objectContaining({ type: 'user_topic', topic_name: '' }),
    );

    const plain = await register(bob, {}, ['update_message_flags', 'message', 'user_topic']);
    const withName = await register(bob, { empty_topic_name: true }, [
      'update_message_flags',
      'message',
      'user_topic',
    ]);
    const topicsOf = (state: Json) =>
      ((state.unread_msgs as Json).streams as Json[]).map((entry) => entry.topic);
    expect(topicsOf(plain)).toContain('general chat');
    expect(topicsOf(plain)).not.toContain('');
    expect(topicsOf(withName)).toContain('');
    expect(plain.user_topics).toContainEqual(
      expect.objectContaining({ topic_name: 'general chat' }),
    );
    expect(withName.user_topics).toContainEqual(expect.objectContaining({ topic_name: '' }));
  });

  it('moves a message to the empty topic and back', async () => {
    const id = await sentId(alice, 'kitchen', 'soup');
    const queue = await register(bob, {}, ['update_message']);
    const moved = await org.api(alice)('PATCH', `/messages/${id}`, { topic: 'general chat' });
    expect(moved.json).toMatchObject({ result: 'success' });
    expect((await message(id, true)).subject).toBe('');
    expect(await events(bob, queue.queue_id as string)).toContainEqual(
      expect.objectContaining({
        type: 'update_message',
        orig_subject: 'soup',
        subject: 'general chat',
      }),
    );
    await org.api(alice)('PATCH', `/messages/${id}`, { topic: 'soup' });
    expect((await message(id, true)).subject).toBe('soup');
  });

  it('refuses the empty topic where the organization disables it, unless a channel allows it', async () => {
    const queue = await register(bob, {}, ['realm']);
    const changed = await org.api(admin)('PATCH', '/realm', {
      topics_policy: 'disable_empty_topic',
    });
    expect(changed.json).toMatchObject({ result: 'success', topics_policy: 'disable_empty_topic' });
    expect(await events(bob, queue.queue_id as string)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'realm',
          op: 'update',
          property: 'topics_policy',
          value: 'disable_empty_topic',
        }),
        expect.objectContaining({
          type: 'realm',
          op: 'update',
          property: 'mandatory_topics',
          value: true,
        }),
      ]),
    );
    expect((await send(alice, 'kitchen', '')).json).toEqual(refusal(sendingRefused));
    expect((await send(alice, 'kitchen', 'general chat')).json).toEqual(refusal(sendingRefused));
    const id = await sentId(alice, 'kitchen', 'pasta');
    expect((await org.api(alice)('PATCH', `/messages/${id}`, { topic: '' })).json).toEqual(
      refusal(sendingRefused),
    );
    const scheduled = await org.api(alice)('POST', '/scheduled_messages', {
      type: 'stream',
      to: (await streamOf('kitchen')).stream_id,
      topic: '',
      content: 'later',
      scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    expect(scheduled.json).toEqual(refusal(sendingRefused));

    const kitchen = (await streamOf('kitchen')).stream_id as number;
    const allowed = await org.api(admin)('PATCH', `/streams/${kitchen}`, {
      topics_policy: 'allow_empty_topic',
    });
    expect(allowed.json).toMatchObject({ result: 'success' });
    await sentId(alice, 'kitchen', '');
    await org.api(admin)('PATCH', `/streams/${kitchen}`, { topics_policy: 'inherit' });
    await org.api(admin)('PATCH', '/realm', { topics_policy: 'allow_empty_topic' });
    await sentId(alice, 'kitchen', '');
  });

  it('keeps a channel of only the empty topic to it, and lets only the permitted set policies', async () => {
    await org.api(admin)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'announcements' }],
      principals: [alice.id, bob.id],
    });
    const id = (await streamOf('announcements')).stream_id as number;
    const queue = await register(bob, {}, ['stream']);
    await onlyAdministratorsSetPolicies();
    expect(
      (await org.api(alice)('PATCH', `/streams/${id}`, { topics_policy: 'empty_topic_only' })).json,
    ).toMatchObject({ result: 'error' });
    expect(
      (await org.api(admin)('PATCH', `/streams/${id}`, { topics_policy: 'empty_topic_only' })).json,
    ).toMatchObject({ result: 'success' });
    expect(await events(bob, queue.queue_id as string)).toContainEqual(
      expect.objectContaining({
        type: 'stream',
        op: 'update',
        stream_id: id,
        property: 'topics_policy',
        value: 'empty_topic_only',
      }),
    );
    expect((await streamOf('announcements')).topics_policy).toBe('empty_topic_only');
    expect((await send(alice, 'announcements', 'news')).json).toEqual(refusal(onlyGeneralChat));
    const general = await sentId(alice, 'announcements', '');
    expect((await org.api(alice)('PATCH', `/messages/${general}`, { topic: 'news' })).json).toEqual(
      refusal(onlyGeneralChat),
    );

    // A channel with named topics cannot be limited to the empty one.
    const kitchen = (await streamOf('kitchen')).stream_id as number;
    const refused = await org.api(admin)('PATCH', `/streams/${kitchen}`, {
      topics_policy: 'empty_topic_only',
    });
    expect(refused.json).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect((await streamOf('kitchen')).topics_policy).toBe('inherit');
  });

  it('creates a channel with a policy, and keeps policies across a restart', async () => {
    const made = await org.api(admin)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'quiet' }],
      topics_policy: 'disable_empty_topic',
    });
    expect(made.json).toMatchObject({ result: 'success' });
    const refused = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'noisy' }],
      topics_policy: 'allow_empty_topic',
    });
    expect(refused.json).toEqual(refusal('Insufficient permission'));
    expect(await streamOf('noisy')).toBeUndefined();
    await org.restart();
    expect((await streamOf('quiet')).topics_policy).toBe('disable_empty_topic');
    expect((await streamOf('announcements')).topics_policy).toBe('empty_topic_only');
  });
});
