import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../helpers/manualClock';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip's message reminders (feature levels 381, 399 and 415): the three
// endpoints and their refusals, register's `reminders` and its events, kept
// apart from scheduled messages, and the reminder delivered once at its time
// by the host's clock, after a restart over that time too.

type Event = { id: number; type: string } & Record<string, unknown>;
type Message = { id: number; content: string; sender_id: number; flags: string[] };

describe('message reminders', () => {
  const clock = new ManualClock();
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let designMessage: number;

  const inMinutes = (minutes: number) => clock.seconds() + minutes * 60;
  const remind = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('POST', '/reminders', params);
  const remindOk = async (user: TestUser, params: Record<string, unknown>) => {
    const response = await remind(user, params);
    expect(response.json.result, JSON.stringify(response.json)).toBe('success');
    return response.json.reminder_id as number;
  };
  const listOf = async (user: TestUser) =>
    (await org.api(user)('GET', '/reminders')).json.reminders as Record<string, unknown>[];
  const queueOf = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { event_types: ['reminders', 'message'] })).json
      .queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (
      await org.api(user)('GET', '/events', {
        queue_id: queueId,
        last_event_id: -1,
        dont_block: true,
      })
    ).json.events as Event[];
  const notesToSelf = async (user: TestUser) =>
    (
      await org.api(user)('GET', '/messages', {
        anchor: 'newest',
        num_before: 50,
        num_after: 0,
        apply_markdown: false,
        narrow: [{ operator: 'dm', operand: [user.id] }],
      })
    ).json.messages as Message[];

  beforeAll(async () => {
    org = await startOrg({ clock });
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    for (const user of [alice, bob]) await org.subscribe(user, 'design');
    designMessage = await org.sendStream(bob, 'design', 'logo', 'Blue or **green**?');
  });
  afterAll(() => org?.close());

  it('keeps a reminder of a channel message for its user only, apart from scheduled messages', async () => {
    const queue = await queueOf(alice);
    const at = inMinutes(30);
    const response = await remind(alice, {
      message_id: designMessage,
      scheduled_delivery_timestamp: at,
    });
    expect(response.json).toEqual({ result: 'success', msg: '', reminder_id: expect.any(Number) });
    const id = response.json.reminder_id as number;
    const [reminder] = await listOf(alice);
    expect(reminder).toEqual({
      reminder_id: id,
      type: 'private',
      to: [alice.id],
      content: expect.stringContaining('Blue or **green**?'),
      rendered_content: expect.stringContaining('<blockquote>'),
      scheduled_delivery_timestamp: at,
      failed: false,
      reminder_target_message_id: designMessage,
    });
    expect(reminder?.content).toContain(`@_**Bob|${bob.id}**`);
    expect(reminder?.content).toContain(`/near/${designMessage}`);
    expect(await listOf(bob)).toEqual([]);
    const scheduled = await org.api(alice)('GET', '/scheduled_messages');
    expect(scheduled.json.scheduled_messages).toEqual([]);
    const state = await org.api(alice)('POST', '/register', {
      fetch_event_types: ['reminders', 'scheduled_messages'],
    });
    expect(state.json.reminders).toEqual([reminder]);
    expect(state.json.scheduled_messages).toEqual([]);
    const events = await eventsOf(alice, queue);
    expect(events).toEqual([{ id: 0, type: 'reminders', op: 'add', reminders: [reminder] }]);
    // Each kind is reached only through its own endpoints.
    const wrongDelete = await org.api(alice)('DELETE', `/scheduled_messages/${id}`);
    expect(wrongDelete.json.msg).toBe('Scheduled message does not exist');
    await org.api(alice)('DELETE', `/reminders/${id}`);
  });

  it('quotes a note, and a direct message with the people it was to', async () => {
    const dm = await org.api(bob)('POST', '/messages', {
      type: 'direct',
      to: JSON.stringify([alice.id, carol.id]),
      content: 'lunch at noon',
    });
    const id = await remindOk(alice, {
      message_id: dm.json.id,
      scheduled_delivery_timestamp: inMinutes(5),
      note: '\n\nbook a table  ',
    });
    const reminder = (await listOf(alice)).find((each) => each.reminder_id === id);
    const content = reminder?.content as string;
    expect(content).toContain('direct message');
    expect(content).toContain('\n > book a table\n');
    expect(content).toContain(`@_**Alice|${alice.id}** and @_**Carol|${carol.id}**`);
    expect(content).toContain('lunch at noon');
    await org.api(alice)('DELETE', `/reminders/${id}`);
  });

  it('refuses as Zulip does, writing nothing', async () => {
    const refusals: [Record<string, unknown>, number, string][] = [
      [
        { message_id: designMessage, scheduled_delivery_timestamp: clock.seconds() },
        400,
        'Scheduled delivery time must be in the future.',
      ],
      [
        { message_id: 999_999, scheduled_delivery_timestamp: inMinutes(5) },
        400,
        'Invalid message(s)',
      ],
      [
        {
          message_id: designMessage,
          scheduled_delivery_timestamp: inMinutes(5),
          note: 'x'.repeat(1001),
        },
        400,
        'Maximum reminder note length: 1000 characters',
      ],
      [{ scheduled_delivery_timestamp: inMinutes(5) }, 400, "Missing 'message_id' argument"],
    ];
    for (const [params, status, msg] of refusals) {
      const response = await remind(alice, params);
      expect([response.status, response.json.msg], msg).toEqual([status, msg]);
      expect(response.json.code).toBe(
        msg.startsWith('Missing') ? 'REQUEST_VARIABLE_MISSING' : 'BAD_REQUEST',
      );
    }
    // Carol cannot read a private channel's message, nor a conversation she is not in.
    await org.subscribe(alice, 'secret plans');
    const secretId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'secret plans' }))
      .json.stream_id as number;
    await org.api(org.owner)('PATCH', `/streams/${secretId}`, { is_private: true });
    const secret = await org.sendStream(alice, 'secret plans', 'x', 'hush');
    const refused = await remind(carol, {
      message_id: secret,
      scheduled_delivery_timestamp: inMinutes(5),
    });
    expect(refused.json.msg).toBe('Invalid message(s)');
    expect(await listOf(alice)).toEqual([]);
    expect(await listOf(carol)).toEqual([]);
  });

  it("deletes only one's own reminder, with Zulip's 404 for any other", async () => {
    const id = await remindOk(alice, {
      message_id: designMessage,
      scheduled_delivery_timestamp: inMinutes(5),
    });
    const queue = await queueOf(alice);
    const byBob = await org.api(bob)('DELETE', `/reminders/${id}`);
    expect([byBob.status, byBob.json.code, byBob.json.msg]).toEqual([
      404,
      'BAD_REQUEST',
      'Reminder does not exist',
    ]);
    expect((await org.api(alice)('DELETE', `/reminders/${id}`)).json.result).toBe('success');
    expect(await listOf(alice)).toEqual([]);
    expect(await eventsOf(alice, queue)).toEqual([
      { id: 0, type: 'reminders', op: 'remove', reminder_id: id },
    ]);
    expect((await org.api(alice)('DELETE', `/reminders/${id}`)).status).toBe(404);
  });

  it('delivers it once at its time as an unread note to self, and it leaves the list', async () => {
    const queue = await queueOf(alice);
    const id = await remindOk(alice, {
      message_id: designMessage,
      scheduled_delivery_timestamp: inMinutes(20),
      note: 'decide today',
    });
    const before = (await notesToSelf(alice)).length;
    clock.advance(19 * 60_000);
    expect(await notesToSelf(alice)).toHaveLength(before);
    // The message changed since: the reminder quotes it as it reads now.
    await org.api(bob)('PATCH', `/messages/${designMessage}`, { content: 'Blue or **teal**?' });
    clock.advance(60_000);
    const notes = await notesToSelf(alice);
    expect(notes).toHaveLength(before + 1);
    const delivered = notes.at(-1);
    expect(delivered?.sender_id).toBe(alice.id);
    expect(delivered?.flags).toEqual([]);
    expect(delivered?.content).toContain('Blue or **teal**?');
    expect(delivered?.content).toContain('decide today');
    expect(await listOf(alice)).toEqual([]);
    const events = await eventsOf(alice, queue);
    expect(events.map((event) => [event.type, event.op ?? null])).toEqual([
      ['reminders', 'add'],
      ['message', null],
      ['reminders', 'remove'],
    ]);
    expect(events[2]).toMatchObject({ reminder_id: id });
    const unread = await org.api(alice)('POST', '/register', {
      fetch_event_types: ['message', 'update_message_flags'],
    });
    const pms = unread.json.unread_msgs.pms as { unread_message_ids: number[] }[];
    expect(pms.flatMap((pm) => pm.unread_message_ids)).toContain(delivered?.id);
    clock.advance(60 * 60_000);
    expect(await notesToSelf(alice)).toHaveLength(before + 1);
  });

  it('delivers what fell due while the host was stopped when it starts, once', async () => {
    await remindOk(alice, {
      message_id: designMessage,
      scheduled_delivery_timestamp: inMinutes(5),
    });
    expect(await listOf(alice)).toHaveLength(1);
    const before = (await notesToSelf(alice)).length;
    await org.stop();
    clock.advance(3 * 60 * 60_000);
    await org.start();
    expect(await notesToSelf(alice)).toHaveLength(before + 1);
    await org.restart();
    clock.advance(60_000);
    expect(await notesToSelf(alice)).toHaveLength(before + 1);
    expect(await listOf(alice)).toEqual([]);
  });

  it('keeps a reminder across a restart until its time', async () => {
    const id = await remindOk(alice, {
      message_id: designMessage,
      scheduled_delivery_timestamp: inMinutes(60),
    });
    await org.restart();
    expect((await listOf(alice)).map((each) => each.reminder_id)).toEqual([id]);
    await org.api(alice)('DELETE', `/reminders/${id}`);
  });

  it("reports register's max_reminder_note_length", async () => {
    const state = await org.api(alice)('POST', '/register', { fetch_event_types: ['realm'] });
    expect(state.json.max_reminder_note_length).toBe(1000);
  });
});
