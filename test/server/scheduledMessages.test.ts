import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../helpers/manualClock';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's scheduled messages (feature levels 179–184): the four
// endpoints with their words for a refusal, register's scheduled_messages
// and its events, and the host sending each once at its time by its clock,
// after a restart over that time too, or failing as Zulip tells it.

type Event = { id: number; type: string } & Record<string, unknown>;

describe('scheduled messages', () => {
  const clock = new ManualClock();
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let designId: number;

  const inMinutes = (minutes: number) => clock.seconds() + minutes * 60;
  const schedule = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('POST', '/scheduled_messages', params);
  const toDesign = (minutes: number, content: string, topic = 'plans') => ({
    type: 'stream',
    to: designId,
    topic,
    content,
    scheduled_delivery_timestamp: inMinutes(minutes),
  });
  const listOf = async (user: TestUser) =>
    (await org.api(user)('GET', '/scheduled_messages')).json.scheduled_messages as Record<
      string,
      unknown
    >[];
  const queueOf = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { event_types: ['scheduled_messages', 'message'] }))
      .json.queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string, after = -1) =>
    (
      await org.api(user)('GET', '/events', {
        queue_id: queueId,
        last_event_id: after,
        dont_block: true,
      })
    ).json.events as Event[];
  const designMessages = async (user: TestUser, topic: string) =>
    (
      await org.api(user)('GET', '/messages', {
        anchor: 'newest',
        num_before: 50,
        num_after: 0,
        narrow: [
          { operator: 'stream', operand: 'design' },
          { operator: 'topic', operand: topic },
        ],
      })
    ).json.messages as { id: number; content: string; sender_id: number; client: string }[];

  beforeAll(async () => {
    org = await startOrg({ clock });
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
    designId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json
      .stream_id as number;
  });
  afterAll(() => org?.close());

  it('keeps a channel message and a direct message for later, soonest first, for the sender only', async () => {
    const later = await schedule(alice, toDesign(90, 'Standup moved to **10:00**', 'standup'));
    expect(later.json).toEqual({
      result: 'success',
      msg: '',
      scheduled_message_id: expect.any(Number),
    });
    const sooner = await schedule(alice, {
      type: 'direct',
      to: JSON.stringify([bob.id, carol.id]),
      content: 'Lunch?',
      scheduled_delivery_timestamp: inMinutes(30),
    });
    const list = await listOf(alice);
    expect(list).toEqual([
      {
        scheduled_message_id: sooner.json.scheduled_message_id,
        type: 'private',
        to: [bob.id, carol.id],
        content: 'Lunch?',
        rendered_content: '<p>Lunch?</p>',
        scheduled_delivery_timestamp: inMinutes(30),
        failed: false,
      },
      {
        scheduled_message_id: later.json.scheduled_message_id,
        type: 'stream',
        to: designId,
        topic: 'standup',
        content: 'Standup moved to **10:00**',
        rendered_content: '<p>Standup moved to <strong>10:00</strong></p>',
        scheduled_delivery_timestamp: inMinutes(90),
        failed: false,
      },
    ]);
    const registered = await org.api(alice)('POST', '/register', {
      fetch_event_types: ['scheduled_messages'],
    });
    expect(registered.json.scheduled_messages).toEqual(list);
    expect(await listOf(bob)).toEqual([]);
    for (const { scheduled_message_id: id } of list) {
      await org.api(alice)('DELETE', `/scheduled_messages/${String(id)}`);
    }
  });

  it.each([
    [
      { scheduled_delivery_timestamp: 'now' },
      'Invalid scheduled_delivery_timestamp: not valid JSON',
    ],
    [{ scheduled_delivery_timestamp: 0 }, 'Scheduled delivery time must be in the future.'],
    [{ to: 'design' }, 'Invalid data type for channel ID'],
    [{ topic: undefined }, 'Missing topic'],
    [{ content: ' ' }, 'Message must not be empty'],
    [{ type: 'direct', to: '5' }, 'Invalid data type for recipients'],
    [{ type: 'direct', to: '["bob@hearth.test"]' }, 'Recipient list may only contain user IDs'],
    [{ type: 'direct', to: '[99999]' }, 'Invalid user ID 99999'],
  ])('refuses %j with Zulip’s words, keeping nothing', async (change, msg) => {
    const answer = await schedule(alice, { ...toDesign(10, 'Refused'), ...change });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ result: 'error', msg });
    expect(await listOf(alice)).toEqual([]);
  });

  it('refuses the present moment itself as not in the future', async () => {
    const answer = await schedule(alice, {
      ...toDesign(0, 'Now'),
      scheduled_delivery_timestamp: clock.seconds(),
    });
    expect(answer.json.msg).toBe('Scheduled delivery time must be in the future.');
  });

  it('tells only the sender’s queues of each change, and edits as Zulip 7.0 does', async () => {
    const aliceQueue = await queueOf(alice);
    const bobQueue = await queueOf(bob);
    const id = (await schedule(alice, toDesign(60, 'Draft agenda'))).json
      .scheduled_message_id as number;
    const path = `/scheduled_messages/${id}`;

    const refusals: [Record<string, unknown>, string][] = [
      [{}, 'Nothing to change'],
      [{ type: 'stream' }, 'Recipient required when updating type of scheduled message.'],
      [
        { type: 'stream', to: designId },
        'Topic required when updating scheduled message type to channel.',
      ],
      [
        { scheduled_delivery_timestamp: clock.seconds() - 1 },
        'Scheduled delivery time must be in the future.',
      ],
      // Zulip 12 takes topic "" as the empty topic; emptyTopic.test.ts has where a channel refuses it.
      [{ topic: 't'.repeat(61) }, 'Topic too long (limit: 60 characters)'],
    ];
    for (const [params, msg] of refusals) {
      const answer = await org.api(alice)('PATCH', path, params);
      expect([answer.status, answer.json.msg]).toEqual([400, msg]);
    }
    for (const [user, method] of [
      [bob, 'PATCH'],
      [bob, 'DELETE'],
      [alice, 'DELETE'],
    ] as const) {
      const missing =
        method === 'DELETE' && user === alice ? `/scheduled_messages/${id + 1000}` : path;
      const answer = await org.api(user)(method, missing, { content: 'Mine now' });
      expect([answer.status, answer.json]).toEqual([
        404,
        { result: 'error', msg: 'Scheduled message does not exist', code: 'BAD_REQUEST' },
      ]);
    }

    expect(
      (await org.api(alice)('PATCH', path, { content: 'Final agenda', topic: 'agenda' })).json,
    ).toEqual({ result: 'success', msg: '' });
    await org.api(alice)('PATCH', path, {
      type: 'direct',
      to: JSON.stringify([bob.id]),
      scheduled_delivery_timestamp: inMinutes(45),
    });
    expect(await listOf(alice)).toEqual([
      {
        scheduled_message_id: id,
        type: 'private',
        to: [bob.id],
        content: 'Final agenda',
        rendered_content: '<p>Final agenda</p>',
        scheduled_delivery_timestamp: inMinutes(45),
        failed: false,
      },
    ]);
    await org.api(alice)('DELETE', path);
    expect(await listOf(alice)).toEqual([]);

    const events = await eventsOf(alice, aliceQueue);
    expect(events.map((event) => [event.type, event.op])).toEqual([
      ['scheduled_messages', 'add'],
      ['scheduled_messages', 'update'],
      ['scheduled_messages', 'update'],
      ['scheduled_messages', 'remove'],
    ]);
    expect(events[0]).toMatchObject({
      scheduled_messages: [{ scheduled_message_id: id, content: 'Draft agenda', topic: 'plans' }],
    });
    expect(events[1]).toMatchObject({
      scheduled_message: { scheduled_message_id: id, content: 'Final agenda', topic: 'agenda' },
    });
    expect(events[3]).toEqual({
      id: 3,
      type: 'scheduled_messages',
      op: 'remove',
      scheduled_message_id: id,
    });
    expect(await eventsOf(bob, bobQueue)).toEqual([]);
  });

  it('sends it once at its time by the host’s clock, and it leaves the list', async () => {
    const queue = await queueOf(alice);
    const id = (await schedule(alice, toDesign(20, 'On time', 'timing'))).json
      .scheduled_message_id as number;
    clock.advance(19 * 60_000);
    expect(await designMessages(bob, 'timing')).toEqual([]);
    clock.advance(60_000);
    const sent = await designMessages(bob, 'timing');
    expect(sent.map((m) => [m.content, m.sender_id, m.client])).toEqual([
      ['<p>On time</p>', alice.id, 'HearthTest'],
    ]);
    expect(await listOf(alice)).toEqual([]);
    const events = await eventsOf(alice, queue);
    expect(events.map((event) => [event.type, event.op ?? null])).toEqual([
      ['scheduled_messages', 'add'],
      ['message', null],
      ['scheduled_messages', 'remove'],
    ]);
    expect(events[2]).toMatchObject({ scheduled_message_id: id });
    clock.advance(60 * 60_000);
    expect(await designMessages(bob, 'timing')).toHaveLength(1);
    const patched = await org.api(alice)('PATCH', `/scheduled_messages/${id}`, {
      content: 'Again?',
    });
    expect(patched.json.msg).toBe('Scheduled message was already sent');
  });

  it('sends what fell due while the host was stopped when it starts, late and once', async () => {
    await schedule(alice, toDesign(5, 'Sent at start', 'restart'));
    await org.stop();
    clock.advance(3 * 60 * 60_000);
    await org.start();
    expect((await designMessages(bob, 'restart')).map((m) => m.content)).toEqual([
      '<p>Sent at start</p>',
    ]);
    await org.restart();
    clock.advance(60_000);
    expect(await designMessages(bob, 'restart')).toHaveLength(1);
    expect(await listOf(alice)).toEqual([]);
  });

  it('marks a message it may no longer send failed, tells the sender, and takes a new time', async () => {
    const queue = await queueOf(alice);
    const id = (await schedule(alice, toDesign(10, 'Announcement', 'failing'))).json
      .scheduled_message_id as number;
    await org.api(org.owner)('PATCH', `/streams/${designId}`, { stream_post_policy: 2 });
    clock.advance(10 * 60_000);

    expect(await designMessages(bob, 'failing')).toEqual([]);
    expect(await listOf(alice)).toMatchObject([{ scheduled_message_id: id, failed: true }]);
    const events = await eventsOf(alice, queue);
    expect(events.find((event) => event.op === 'update')).toMatchObject({
      scheduled_message: { scheduled_message_id: id, failed: true },
    });
    const notice = events.find((event) => event.type === 'message')?.message as {
      content: string;
      display_recipient: { id: number }[];
    };
    expect(notice.display_recipient.map((person) => person.id)).toEqual([alice.id]);
    expect(notice.content).toContain('was not sent because of the following error:');
    expect(notice.content).toContain('You do not have permission to post in this channel.');
    expect(notice.content).toContain('View scheduled messages');

    const path = `/scheduled_messages/${id}`;
    const again = await org.api(alice)('PATCH', path, { content: 'Announcement, take two' });
    expect(again.json.msg).toBe('Scheduled delivery time must be in the future.');
    await org.api(org.owner)('PATCH', `/streams/${designId}`, { stream_post_policy: 1 });
    await org.api(alice)('PATCH', path, { scheduled_delivery_timestamp: inMinutes(5) });
    expect(await listOf(alice)).toMatchObject([{ scheduled_message_id: id, failed: false }]);
    clock.advance(5 * 60_000);
    expect((await designMessages(bob, 'failing')).map((m) => m.content)).toEqual([
      '<p>Announcement</p>',
    ]);
  });
});
