import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Spec §4 (POST /register parameters) and §6 (the message event and the rules
// of which message events a queue receives).
describe('message events and the register arguments that shape them', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let gardenId: number;

  const register = async (user: TestUser, params: Record<string, unknown> = {}) => {
    const response = await org.api(user)('POST', '/register', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.queue_id as string;
  };
  const eventsOf = async (user: TestUser, queueId: string) => {
    const response = await org.api(user)('GET', '/events', {
      queue_id: queueId,
      last_event_id: -1,
      dont_block: true,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.events as Record<string, unknown>[];
  };
  const send = async (user: TestUser, params: Record<string, unknown>) => {
    const response = await org.api(user)('POST', '/messages', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.id as number;
  };
  const toStream = (stream: string, content: string) => ({
    type: 'stream',
    to: stream,
    topic: 'events',
    content,
  });
  const messageIds = (events: Record<string, unknown>[]) =>
    events
      .filter((event) => event.type === 'message')
      .map((event) => (event.message as { id: number }).id);

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    await org.subscribe(alice, 'garden');
    await org.subscribe(bob, 'garden');
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'cellar' }],
      invite_only: true,
    });
    gardenId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'garden' })).json.stream_id;
  });
  afterAll(() => org.close());

  it('carries the message with the fields of section 6 and the reader flags beside it', async () => {
    const queue = await register(bob, { event_types: ['message'], apply_markdown: true });
    const id = await send(alice, toStream('garden', 'look at **this**'));
    const [event] = await eventsOf(bob, queue);
    expect(event).toEqual({
      id: expect.any(Number),
      type: 'message',
      flags: [],
      message: {
        id,
        type: 'stream',
        content: '<p>look at <strong>this</strong></p>',
        content_type: 'text/html',
        display_recipient: 'garden',
        recipient_id: expect.any(Number),
        sender_id: alice.id,
        sender_email: alice.email,
        sender_full_name: 'Alice',
        sender_short_name: 'alice',
        sender_realm_str: '',
        avatar_url: `/avatar/${alice.id}?version=1`,
        client: 'HearthTest',
        is_me_message: false,
        reactions: [],
        stream_id: gardenId,
        subject: 'events',
        subject_links: [],
        topic_links: [],
        submessages: [],
        timestamp: expect.any(Number),
      },
    });
  });

  it('gives a private message event an empty subject and the participants', async () => {
    const queue = await register(bob, { event_types: ['message'] });
    const id = await send(alice, { type: 'private', to: bob.email, content: 'hi' });
    const [event] = await eventsOf(bob, queue);
    expect(event).toMatchObject({
      type: 'message',
      flags: [],
      message: { id, type: 'private', subject: '' },
    });
    const participants = (event?.message as { display_recipient: { id: number }[] })
      .display_recipient;
    expect(participants.map((user) => user.id)).toEqual([alice.id, bob.id].sort((a, b) => a - b));
  });

  it('sends raw Markdown in message events unless apply_markdown is true', async () => {
    const queue = await register(bob, { event_types: ['message'] });
    await send(alice, toStream('garden', 'plain **source**'));
    const [event] = await eventsOf(bob, queue);
    expect(event?.message).toMatchObject({
      content: 'plain **source**',
      content_type: 'text/x-markdown',
    });
  });

  it('keeps the host-served avatar in message events with client_gravatar', async () => {
    const queue = await register(bob, { event_types: ['message'], client_gravatar: true });
    await send(alice, toStream('garden', 'avatar'));
    const [event] = await eventsOf(bob, queue);
    expect((event?.message as { avatar_url: string }).avatar_url).toBe(
      `/avatar/${alice.id}?version=1`,
    );
  });

  it('delivers public stream messages to an all_public_streams queue of a non-subscriber', async () => {
    const everything = await register(carol, {
      event_types: ['message'],
      all_public_streams: true,
    });
    const own = await register(carol, { event_types: ['message'] });
    const open = await send(alice, toStream('garden', 'public'));
    await send(alice, toStream('cellar', 'private stream'));
    const events = await eventsOf(carol, everything);
    expect(messageIds(events)).toEqual([open]);
    // Zulip sends such a queue no flags for a message its user did not receive.
    expect(events[0]?.flags).toEqual([]);
    expect(await eventsOf(carol, own)).toEqual([]);
  });

  it('delivers only private messages to a queue narrowed to is:private', async () => {
    const queue = await register(bob, {
      event_types: ['message'],
      narrow: [['is', 'private']],
    });
    await send(alice, toStream('garden', 'stream'));
    const dm = await send(alice, { type: 'private', to: bob.email, content: 'dm' });
    expect(messageIds(await eventsOf(bob, queue))).toEqual([dm]);
  });

  it('delivers only the event types a queue asked for', async () => {
    const users = await register(bob, { event_types: ['realm_user'] });
    await send(alice, toStream('garden', 'not a user event'));
    const dave = await org.user('dave');
    const events = await eventsOf(bob, users);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'realm_user',
        op: 'add',
        person: expect.objectContaining({ user_id: dave.id, email: dave.email }),
      }),
      // Made through the API, Dave joins at his first sign-in (Zulip 12, level 475).
      {
        id: 1,
        type: 'realm_user',
        op: 'update',
        person: { user_id: dave.id, date_joined: expect.any(String) },
      },
    ]);
  });

  it('numbers events with increasing integer IDs and names each type', async () => {
    const queue = await register(bob);
    await send(alice, toStream('garden', 'one'));
    await org.subscribe(bob, 'orchard');
    await send(alice, toStream('garden', 'two'));
    const events = await eventsOf(bob, queue);
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (const event of events) {
      expect(Number.isInteger(event.id)).toBe(true);
      expect(typeof event.type).toBe('string');
    }
    const ids = events.map((event) => event.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['message', 'subscription']),
    );
  });
});
