import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markStreamRowsRead } from '../../src-main/server/store/userMessages';
import { Sql } from '../../src-main/server/store/sql';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('mark_all_as_read, mark_stream_as_read and mark_topic_as_read', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  const streamIds: Record<string, number> = {};
  let sent: Record<string, number> = {};

  const send = async (name: string, params: Record<string, unknown>) => {
    const response = await org.api(bob)('POST', '/messages', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    sent[name] = response.json.id;
  };
  const toStream = (name: string, stream: string, topic: string) =>
    send(name, { type: 'stream', to: stream, topic, content: name });
  // Which of this test's messages the user has unread, by the `is:unread`
  // narrow and by the flags of each message.
  const unread = async (user: TestUser): Promise<string[]> => {
    const page = async (narrow: unknown[]) =>
      (
        await org.api(user)('GET', '/messages', {
          anchor: 'oldest',
          num_before: 0,
          num_after: 1000,
          narrow,
        })
      ).json.messages as { id: number; flags: string[] }[];
    const byFlags = (await page([]))
      .filter((message) => !message.flags.includes('read'))
      .map((message) => message.id);
    const byNarrow = (await page([{ operator: 'is', operand: 'unread' }])).map(
      (message) => message.id,
    );
    expect(byNarrow).toEqual(byFlags);
    return Object.keys(sent).filter((name) => byFlags.includes(sent[name] as number));
  };
  const post = (user: TestUser, path: string, params: Record<string, unknown> = {}) =>
    org.api(user)('POST', path, params);
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
    for (const stream of ['garden', 'kitchen']) {
      for (const user of [alice, bob, carol]) await org.subscribe(user, stream);
      streamIds[stream] = (
        await org.api(alice)('GET', '/get_stream_id', { stream })
      ).json.stream_id;
    }
  });
  afterAll(() => org.close());

  beforeEach(async () => {
    for (const user of [alice, carol]) await post(user, '/mark_all_as_read');
    sent = {};
    await toStream('roses', 'garden', 'roses');
    await toStream('Roses again', 'garden', 'ROSES');
    await toStream('tulips', 'garden', 'tulips');
    await toStream('pans', 'kitchen', 'pans');
    await send('dm', { type: 'private', to: alice.email, content: 'dm' });
  });

  it('marks one topic read, without regard to case, and nothing else', async () => {
    const response = await post(alice, '/mark_topic_as_read', {
      stream_id: streamIds.garden,
      topic_name: 'Roses',
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    expect(await unread(alice)).toEqual(['tulips', 'pans', 'dm']);
    expect(await unread(carol)).toEqual(['roses', 'Roses again', 'tulips', 'pans']);
  });

  it('marks one stream read and nothing else', async () => {
    const response = await post(alice, '/mark_stream_as_read', { stream_id: streamIds.garden });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    expect(await unread(alice)).toEqual(['pans', 'dm']);
    expect(await unread(carol)).toEqual(['roses', 'Roses again', 'tulips', 'pans']);
  });

  it('treats an empty topic name as the whole stream, as Zulip does', async () => {
    await post(alice, '/mark_topic_as_read', { stream_id: streamIds.garden, topic_name: '' });
    expect(await unread(alice)).toEqual(['pans', 'dm']);
  });

  it('marks everything read, muted streams and topics included', async () => {
    await post(alice, '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: streamIds.kitchen, property: 'is_muted', value: true }],
    });
    await org.api(alice)('PATCH', '/users/me/subscriptions/muted_topics', {
      stream: 'garden',
      topic: 'tulips',
      op: 'add',
    });
    const response = await post(alice, '/mark_all_as_read');
    // Zulip 8.0 (feature level 211) says whether all was done.
    expect(response.json).toEqual({ result: 'success', msg: '', complete: true });
    expect(await unread(alice)).toEqual([]);
    expect(await unread(carol)).toEqual(['roses', 'Roses again', 'tulips', 'pans']);
  });

  it('sends the marked IDs to the user only, and `all` without IDs for mark_all_as_read', async () => {
    const mine = await register(alice);
    const theirs = await register(carol);
    await post(alice, '/mark_topic_as_read', { stream_id: streamIds.garden, topic_name: 'roses' });
    await post(alice, '/mark_stream_as_read', { stream_id: streamIds.garden });
    await post(alice, '/mark_stream_as_read', { stream_id: streamIds.garden });
    await post(alice, '/mark_all_as_read');
    await post(alice, '/mark_all_as_read');
    const read = { op: 'add', operation: 'add', flag: 'read' };
    expect(await eventsOf(alice, mine)).toEqual([
      {
        id: expect.any(Number),
        type: 'update_message_flags',
        ...read,
        messages: [sent.roses, sent['Roses again']],
        all: false,
      },
      {
        id: expect.any(Number),
        type: 'update_message_flags',
        ...read,
        messages: [sent.tulips],
        all: false,
      },
      { id: expect.any(Number), type: 'update_message_flags', ...read, messages: [], all: true },
      { id: expect.any(Number), type: 'update_message_flags', ...read, messages: [], all: true },
    ]);
    expect(await eventsOf(carol, theirs)).toEqual([]);
  });

  it('refuses unknown or private streams and topics with no messages', async () => {
    await org.api(bob)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'attic' }],
      invite_only: true,
    });
    const attic = (await org.api(bob)('GET', '/get_stream_id', { stream: 'attic' })).json.stream_id;
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['/mark_stream_as_read', { stream_id: 424_242 }, { msg: 'Invalid channel ID' }],
      ['/mark_stream_as_read', { stream_id: attic }, { msg: 'Invalid channel ID' }],
      [
        '/mark_topic_as_read',
        { stream_id: attic, topic_name: 'x' },
        { msg: 'Invalid channel ID', code: 'BAD_REQUEST' },
      ],
      [
        '/mark_topic_as_read',
        { stream_id: streamIds.garden, topic_name: 'lilies' },
        { msg: "No such topic 'lilies'", code: 'BAD_REQUEST' },
      ],
      ['/mark_stream_as_read', {}, { code: 'REQUEST_VARIABLE_MISSING', var_name: 'stream_id' }],
      [
        '/mark_topic_as_read',
        { stream_id: streamIds.garden },
        { code: 'REQUEST_VARIABLE_MISSING', var_name: 'topic_name' },
      ],
    ];
    for (const [path, params, error] of cases) {
      const response = await post(alice, path, params);
      expect(response.status, `${path} ${JSON.stringify(params)}`).toBe(400);
      expect(response.json).toMatchObject({ result: 'error', ...error });
    }
    expect(await unread(alice)).toEqual(['roses', 'Roses again', 'tulips', 'pans', 'dm']);
  });

  it('walks the unread index, not every row of the user', () => {
    const statements: string[] = [];
    const path = join(org.dataDir, 'hearth.sqlite3');
    const sql = new Sql(path, { slowQueryMs: 0, logSlow: (line) => statements.push(line) });
    const raw = new Database(path, { readonly: true });
    try {
      markStreamRowsRead(sql, alice.id, 1, 'x');
      const update = statements.at(-1)?.replace(/^slow query \([\d.]+ ms\): /, '') ?? '';
      const plan = raw
        .prepare(`EXPLAIN QUERY PLAN ${update}`)
        .all({ userId: 1, recipientId: 1, topic: 'x' })
        .map((row) => (row as { detail: string }).detail)
        .join('\n');
      expect(plan).toMatch(/user_messages USING COVERING INDEX user_messages_unread/);
    } finally {
      raw.close();
      sql.close();
    }
  });
});
