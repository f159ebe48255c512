import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateMessageFlagsEventSchema } from '../../src-main/wire';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('POST /messages/flags', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let eve: TestUser;
  let designId: number;

  const send = async (user: TestUser, params: Record<string, unknown>): Promise<number> => {
    const response = await org.api(user)('POST', '/messages', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.id;
  };
  const toDesign = (user: TestUser, content: string, topic = 'plans') =>
    send(user, { type: 'stream', to: 'design', topic, content });
  const flag = (user: TestUser, messages: unknown, op: string, flagName: string) =>
    org.api(user)('POST', '/messages/flags', { messages, op, flag: flagName });
  // The `stream` term lets a reader see a public stream's history they never received.
  const flagsOf = async (user: TestUser, id: number, stream?: string) => {
    const narrow: unknown[] = [{ operator: 'id', operand: String(id) }];
    if (stream) narrow.unshift({ operator: 'stream', operand: stream });
    const response = await org.api(user)('GET', '/messages', {
      anchor: id,
      num_before: 0,
      num_after: 0,
      narrow,
    });
    const [message] = response.json.messages as { flags: string[] }[];
    if (!message) throw new Error(`message ${id} is not visible`);
    return message.flags;
  };
  const idsIn = async (user: TestUser, narrow: unknown[]): Promise<number[]> =>
    (
      await org.api(user)('GET', '/messages', {
        anchor: 'oldest',
        num_before: 0,
        num_after: 1000,
        narrow,
      })
    ).json.messages.map((message: { id: number }) => message.id);
  const rowCount = (userId: number, messageId: number) => {
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'), { readonly: true });
    try {
      return (
        db
          .prepare('SELECT count(*) AS n FROM user_messages WHERE user_id = ? AND message_id = ?')
          .get(userId, messageId) as { n: number }
      ).n;
    } finally {
      db.close();
    }
  };
  const register = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { event_types: ['update_message_flags'] })).json
      .queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Record<string, unknown>[];

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    eve = await org.user('eve');
    for (const user of [alice, bob, carol]) await org.subscribe(user, 'design');
    designId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json.stream_id;
  });
  afterAll(() => org.close());

  it('stars and unstars, answering with the IDs it was given', async () => {
    const id = await toDesign(bob, 'worth keeping');
    const starred = await flag(alice, [id], 'add', 'starred');
    expect(starred.json).toEqual({ result: 'success', msg: '', messages: [id] });
    expect(await flagsOf(alice, id)).toEqual(['starred']);
    expect(await idsIn(alice, [{ operator: 'is', operand: 'starred' }])).toEqual([id]);

    expect((await flag(alice, [id], 'remove', 'starred')).json.messages).toEqual([id]);
    expect(await flagsOf(alice, id)).toEqual([]);
    expect(await idsIn(alice, [{ operator: 'is', operand: 'starred' }])).toEqual([]);
  });

  it("marks read and unread without touching anyone else's flags", async () => {
    const id = await toDesign(bob, 'news');
    expect(await flagsOf(carol, id)).toEqual([]);
    await flag(alice, [id], 'add', 'read');
    expect(await flagsOf(alice, id)).toEqual(['read']);
    expect(await idsIn(alice, [{ operator: 'is', operand: 'unread' }])).not.toContain(id);
    await flag(alice, [id], 'remove', 'read');
    expect(await flagsOf(alice, id)).toEqual([]);
    expect(await idsIn(alice, [{ operator: 'is', operand: 'unread' }])).toContain(id);
    expect(await flagsOf(carol, id)).toEqual([]);
    expect(await flagsOf(bob, id)).toEqual(['read']);
  });

  it('gives a historical row to a public stream message starred by a non-subscriber', async () => {
    const id = await toDesign(bob, 'for everyone');
    expect(await flagsOf(eve, id, 'design')).toEqual(['read', 'historical']);
    expect(rowCount(eve.id, id)).toBe(0);
    expect((await flag(eve, [id], 'add', 'starred')).status).toBe(200);
    expect(rowCount(eve.id, id)).toBe(1);
    expect(await flagsOf(eve, id, 'design')).toEqual(['read', 'starred', 'historical']);
    expect(await idsIn(eve, [{ operator: 'is', operand: 'starred' }])).toEqual([id]);
  });

  it('changes nothing, and stores nothing, when reading a message one never received', async () => {
    const id = await toDesign(bob, 'already read, in effect');
    const queueId = await register(eve);
    expect((await flag(eve, [id], 'add', 'read')).json).toEqual({
      result: 'success',
      msg: '',
      messages: [id],
    });
    expect(rowCount(eve.id, id)).toBe(0);
    expect(await eventsOf(eve, queueId)).toEqual([expect.objectContaining({ messages: [] })]);
  });

  it('refuses, as one, a request naming any message one may not read', async () => {
    const readable = await toDesign(bob, 'fine');
    const othersPrivate = await send(bob, { type: 'private', to: carol.email, content: 'hush' });
    await org.api(bob)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'vault' }],
      invite_only: true,
    });
    const secret = await send(bob, { type: 'stream', to: 'vault', topic: 'x', content: 'key' });
    for (const hidden of [othersPrivate, secret, 987_654]) {
      const response = await flag(eve, [readable, hidden], 'add', 'starred');
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        result: 'error',
        msg: 'Invalid message(s)',
        code: 'BAD_REQUEST',
      });
    }
    expect(rowCount(eve.id, readable)).toBe(0);
    expect(await flagsOf(eve, readable, 'design')).toEqual(['read', 'historical']);
  });

  it('passes over messages of streams one has left when marking unread', async () => {
    await org.subscribe(alice, 'lounge');
    const id = await send(bob, { type: 'stream', to: 'lounge', topic: 't', content: 'hey' });
    await flag(alice, [id], 'add', 'read');
    await org.api(alice)('DELETE', '/users/me/subscriptions', { subscriptions: ['lounge'] });
    const queueId = await register(alice);
    expect((await flag(alice, [id], 'remove', 'read')).status).toBe(200);
    expect(await flagsOf(alice, id)).toEqual(['read']);
    expect(await eventsOf(alice, queueId)).toEqual([expect.objectContaining({ messages: [] })]);
  });

  it('validates the flag, then the operation, then the message list', async () => {
    const id = await toDesign(bob, 'x');
    const cases: [unknown, string, string, Record<string, unknown>][] = [
      [[id], 'add', 'shiny', { msg: "Invalid flag: 'shiny'", code: 'BAD_REQUEST' }],
      [[id], 'add', 'is_private', { msg: "Invalid flag: 'is_private'" }],
      [[id], 'add', 'mentioned', { msg: "Flag not editable: 'mentioned'" }],
      [[id], 'remove', 'historical', { msg: "Flag not editable: 'historical'" }],
      [[id], 'toggle', 'starred', { msg: "Invalid message flag operation: 'toggle'" }],
      [String(id), 'add', 'read', { code: 'BAD_REQUEST', var_name: 'messages' }],
      [['one'], 'add', 'read', { code: 'BAD_REQUEST', var_name: 'messages' }],
    ];
    for (const [messages, op, flagName, error] of cases) {
      const response = await flag(alice, messages, op, flagName);
      expect(response.status, JSON.stringify([messages, op, flagName])).toBe(400);
      expect(response.json).toMatchObject({ result: 'error', ...error });
    }
    const missing = await org.api(alice)('POST', '/messages/flags', { op: 'add', flag: 'read' });
    expect(missing.json).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'messages',
    });
    expect(await flagsOf(alice, id)).toEqual([]);
  });

  it('tells only the user, listing just the messages whose flag changed', async () => {
    const first = await toDesign(bob, 'one');
    const second = await toDesign(bob, 'two');
    await flag(alice, [second], 'add', 'starred');
    const mine = await register(alice);
    const theirs = await register(bob);
    await flag(alice, [first, second], 'add', 'starred');
    const events = await eventsOf(alice, mine);
    expect(events).toEqual([
      {
        id: expect.any(Number),
        type: 'update_message_flags',
        op: 'add',
        operation: 'add',
        flag: 'starred',
        messages: [first],
        all: false,
      },
    ]);
    expect(updateMessageFlagsEventSchema.safeParse(events[0]).success).toBe(true);
    expect(await eventsOf(bob, theirs)).toEqual([]);
  });

  it('describes messages marked unread so clients can count them again', async () => {
    await org.api(alice)('PATCH', '/users/me/subscriptions/muted_topics', {
      stream: 'design',
      topic: 'noise',
      op: 'add',
    });
    const plain = await toDesign(bob, 'plain');
    const muted = await toDesign(bob, 'shh', 'Noise');
    const mention = await toDesign(bob, 'hey @**Alice**');
    const direct = await send(bob, { type: 'private', to: alice.email, content: 'dm' });
    const group = await send(bob, {
      type: 'private',
      to: [carol.email, alice.email],
      content: 'group',
    });
    const toSelf = await send(alice, { type: 'private', to: alice.email, content: 'memo' });
    const ids = [plain, muted, mention, direct, group, toSelf];
    await flag(alice, ids, 'add', 'read');
    const queueId = await register(alice);
    await flag(alice, ids, 'remove', 'read');

    const [event] = await eventsOf(alice, queueId);
    expect(updateMessageFlagsEventSchema.safeParse(event).success).toBe(true);
    expect(event).toMatchObject({ op: 'remove', flag: 'read', messages: ids, all: false });
    const stream = { type: 'stream', stream_id: designId };
    expect(event?.message_details).toEqual({
      [plain]: { ...stream, topic: 'plans', unmuted_stream_msg: true },
      [muted]: { ...stream, topic: 'Noise', unmuted_stream_msg: false },
      [mention]: { ...stream, topic: 'plans', unmuted_stream_msg: true, mentioned: true },
      [direct]: { type: 'private', user_ids: [bob.id] },
      [group]: { type: 'private', user_ids: [bob.id, carol.id].sort((a, b) => a - b) },
      [toSelf]: { type: 'private', user_ids: [] },
    });
    expect(await idsIn(alice, [{ operator: 'is', operand: 'unread' }])).toEqual(
      expect.arrayContaining(ids),
    );
  });
});
