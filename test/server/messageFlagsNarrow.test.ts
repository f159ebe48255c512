import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('POST /messages/flags/narrow', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let eve: TestUser;
  let designId: number;
  let plans: number[];
  let lunch: number;

  const send = async (user: TestUser, topic: string, content: string): Promise<number> => {
    const response = await org.api(user)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic,
      content,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.id;
  };
  const plansNarrow = [
    { operator: 'channel', operand: 'design' },
    { operator: 'topic', operand: 'plans' },
  ];
  const flagNarrow = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('POST', '/messages/flags/narrow', {
      narrow: plansNarrow,
      op: 'add',
      flag: 'read',
      ...params,
    });
  const unreadIn = async (user: TestUser, narrow: unknown[]): Promise<number[]> => {
    const response = await org.api(user)('GET', '/messages', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 100,
      narrow,
    });
    return (response.json.messages as { id: number; flags: string[] }[])
      .filter((message) => !message.flags.includes('read'))
      .map((message) => message.id);
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    eve = await org.user('eve');
    for (const user of [alice, bob]) await org.subscribe(user, 'design');
    designId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json.stream_id;
    plans = [];
    for (const content of ['one', 'two', 'three', 'four', 'five']) {
      plans.push(await send(bob, 'plans', content));
    }
    lunch = await send(bob, 'lunch', 'noodles?');
  });
  afterAll(() => org.close());

  it('marks a topic read in batches, each continuing where the last stopped', async () => {
    const queueId = (
      await org.api(alice)('POST', '/register', { event_types: ['update_message_flags'] })
    ).json.queue_id as string;
    expect(await unreadIn(alice, plansNarrow)).toEqual(plans);

    const first = await flagNarrow(alice, { anchor: 'oldest', num_before: 0, num_after: 2 });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toEqual({
      result: 'success',
      msg: '',
      processed_count: 2,
      updated_count: 2,
      first_processed_id: plans[0],
      last_processed_id: plans[1],
      found_oldest: true,
      found_newest: false,
      ignored_because_not_subscribed_channels: [],
    });
    expect(await unreadIn(alice, plansNarrow)).toEqual(plans.slice(2));

    const rest = await flagNarrow(alice, {
      anchor: String(plans[1]),
      include_anchor: false,
      num_before: 0,
      num_after: 1000,
    });
    expect(rest.json).toMatchObject({
      processed_count: 3,
      updated_count: 3,
      first_processed_id: plans[2],
      last_processed_id: plans[4],
      found_newest: true,
    });
    expect(await unreadIn(alice, plansNarrow)).toEqual([]);
    // The other topic of the channel stays unread.
    expect(await unreadIn(alice, [{ operator: 'channel', operand: 'design' }])).toEqual([lunch]);

    const events = (await org.api(alice)('GET', '/events', { queue_id: queueId, dont_block: true }))
      .json.events as Record<string, unknown>[];
    expect(events.map((event) => [event['op'], event['flag'], event['messages']])).toEqual([
      ['add', 'read', plans.slice(0, 2)],
      ['add', 'read', plans.slice(2)],
    ]);
  });

  it('counts a message already so as processed but not updated', async () => {
    const again = await flagNarrow(alice, { anchor: 'newest', num_before: 1000, num_after: 0 });
    expect(again.json).toMatchObject({
      processed_count: 5,
      updated_count: 0,
      first_processed_id: plans[0],
      last_processed_id: plans[4],
      found_oldest: true,
      found_newest: true,
    });
  });

  it('marks unread again, from the first unread message on', async () => {
    const unread = await flagNarrow(alice, {
      anchor: String(plans[3]),
      num_before: 0,
      num_after: 1000,
      op: 'remove',
    });
    expect(unread.json).toMatchObject({ processed_count: 2, updated_count: 2 });
    expect(await unreadIn(alice, plansNarrow)).toEqual(plans.slice(3));

    const fromFirstUnread = await flagNarrow(alice, {
      anchor: 'first_unread',
      num_before: 0,
      num_after: 1000,
    });
    expect(fromFirstUnread.json).toMatchObject({
      processed_count: 2,
      updated_count: 2,
      first_processed_id: plans[3],
    });
  });

  it('leaves read what lies in a channel the reader is not subscribed to, and says which', async () => {
    const response = await flagNarrow(eve, {
      anchor: 'oldest',
      num_before: 0,
      num_after: 1000,
      op: 'remove',
    });
    expect(response.json).toMatchObject({
      processed_count: 5,
      updated_count: 0,
      ignored_because_not_subscribed_channels: [designId],
    });
    expect(await unreadIn(eve, plansNarrow)).toEqual([]);
  });

  it('shrinks a range beyond 5,000 messages rather than refusing it', async () => {
    const response = await flagNarrow(alice, { anchor: 'oldest', num_before: 0, num_after: 9000 });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ processed_count: 5, found_newest: true });
  });

  it('refuses bad requests with Zulip’s errors, changing nothing', async () => {
    await flagNarrow(alice, { anchor: 'oldest', num_before: 0, num_after: 1000, op: 'remove' });
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { anchor: String(plans[2]), num_before: 1, num_after: 1, include_anchor: false },
        'BAD_REQUEST',
        'The anchor can only be excluded at an end of the range',
      ],
      [
        { anchor: 'oldest', num_before: 0, num_after: 10, flag: 'mentioned' },
        'BAD_REQUEST',
        "Flag not editable: 'mentioned'",
      ],
      [
        { anchor: 'oldest', num_before: 0, num_after: 10, flag: 'shiny' },
        'BAD_REQUEST',
        "Invalid flag: 'shiny'",
      ],
      [
        { anchor: 'oldest', num_before: 0, num_after: 10, op: 'toggle' },
        'BAD_REQUEST',
        "Invalid message flag operation: 'toggle'",
      ],
      [
        {
          anchor: 'oldest',
          num_before: 0,
          num_after: 10,
          narrow: [{ operator: 'channel', operand: 'nowhere' }],
        },
        'BAD_NARROW',
        'Invalid narrow operator: unknown channel nowhere',
      ],
      [
        { anchor: 'oldest', num_after: 10 },
        'REQUEST_VARIABLE_MISSING',
        "Missing 'num_before' argument",
      ],
    ];
    for (const [params, code, msg] of cases) {
      const response = await flagNarrow(alice, params);
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.json, JSON.stringify(params)).toMatchObject({ result: 'error', code, msg });
    }
    const missingNarrow = await org.api(alice)('POST', '/messages/flags/narrow', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 10,
      op: 'add',
      flag: 'read',
    });
    expect(missingNarrow.json).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'narrow' argument",
    });
    expect(await unreadIn(alice, plansNarrow)).toEqual(plans);
  });
});
