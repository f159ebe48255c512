import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip's `with` operator: a link to a message's conversation that still
// leads there after the message has moved.
describe('the with narrow operator', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const idsIn = async (user: TestUser, narrow: unknown[]) => {
    const response = await org.api(user)('GET', '/messages', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 100,
      narrow,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return (response.json.messages as { id: number }[]).map((message) => message.id);
  };
  const sendDirect = async (from: TestUser, to: TestUser[], content: string) => {
    const response = await org.api(from)('POST', '/messages', {
      type: 'direct',
      to: JSON.stringify(to.map((user) => user.id)),
      content,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.id as number;
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    for (const user of [alice, bob]) await org.subscribe(user, 'design');
  });
  afterAll(() => org.close());

  it('follows a topic that moved, in place of the channel and topic the link named', async () => {
    const first = await org.sendStream(bob, 'design', 'draft', 'first');
    const second = await org.sendStream(alice, 'design', 'draft', 'second');
    await org.sendStream(alice, 'design', 'other', 'elsewhere');
    const moved = await org.api(bob)('PATCH', `/messages/${first}`, {
      topic: 'final',
      propagate_mode: 'change_all',
      send_notification_to_new_thread: false,
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);

    const stale = [
      { operator: 'channel', operand: 'design' },
      { operator: 'topic', operand: 'draft' },
    ];
    expect(await idsIn(alice, stale)).toEqual([]);
    expect(await idsIn(alice, [...stale, { operator: 'with', operand: String(second) }])).toEqual([
      first,
      second,
    ]);
    // Other terms stay, applied within the conversation.
    expect(
      await idsIn(alice, [
        { operator: 'with', operand: first },
        { operator: 'sender', operand: alice.email },
      ]),
    ).toEqual([second]);
  });

  it('leads to the direct message conversation of the message, for each person in it', async () => {
    const toBob = await sendDirect(alice, [bob], 'one to one');
    const reply = await sendDirect(bob, [alice], 'reply');
    const group = await sendDirect(alice, [bob, carol], 'all three');
    await sendDirect(alice, [carol], 'not in it');

    for (const reader of [alice, bob]) {
      expect(await idsIn(reader, [{ operator: 'with', operand: String(reply) }])).toEqual([
        toBob,
        reply,
      ]);
    }
    for (const reader of [alice, bob, carol]) {
      expect(await idsIn(reader, [{ operator: 'with', operand: String(group) }])).toEqual([group]);
    }
  });

  it('keeps the conversation named when the message cannot be read, and refuses otherwise', async () => {
    const secret = await sendDirect(alice, [bob], 'between us');
    const named = [
      { operator: 'channel', operand: 'design' },
      { operator: 'topic', operand: 'final' },
    ];
    const fromCarol = await idsIn(carol, [...named, { operator: 'with', operand: String(secret) }]);
    expect(fromCarol).toEqual(await idsIn(carol, named));
    expect(fromCarol.length).toBeGreaterThan(0);

    const cases: [unknown[], string][] = [
      [
        [{ operator: 'with', operand: String(secret) }],
        "Invalid narrow operator: Invalid 'with' operator",
      ],
      [
        [{ operator: 'with', operand: '999999' }],
        "Invalid narrow operator: Invalid 'with' operator",
      ],
      [
        [{ operator: 'with', operand: 'latest' }],
        "Invalid narrow operator: Invalid 'with' operator",
      ],
      [
        [
          { operator: 'with', operand: String(secret) },
          { operator: 'with', operand: String(secret) },
        ],
        "Invalid narrow operator combination: Duplicate 'with' operators.",
      ],
    ];
    for (const [narrow, msg] of cases) {
      const response = await org.api(carol)('GET', '/messages', {
        anchor: 'newest',
        num_before: 10,
        num_after: 0,
        narrow,
      });
      expect(response.status, JSON.stringify(narrow)).toBe(400);
      expect(response.json).toMatchObject({ result: 'error', code: 'BAD_NARROW', msg });
    }
  });

  it('marks the conversation of a moved message read through POST /messages/flags/narrow', async () => {
    const moved = await org.sendStream(bob, 'design', 'before', 'will move');
    await org.api(bob)('PATCH', `/messages/${moved}`, {
      topic: 'after',
      propagate_mode: 'change_one',
      send_notification_to_new_thread: false,
    });
    const response = await org.api(alice)('POST', '/messages/flags/narrow', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 100,
      narrow: [
        { operator: 'channel', operand: 'design' },
        { operator: 'topic', operand: 'before' },
        { operator: 'with', operand: String(moved) },
      ],
      op: 'add',
      flag: 'read',
    });
    expect(response.json).toMatchObject({
      processed_count: 1,
      updated_count: 1,
      first_processed_id: moved,
    });
  });
});
