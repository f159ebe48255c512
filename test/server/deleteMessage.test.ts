import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteMessageEventSchema } from '../../src-main/wire';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('DELETE /messages/{message_id}', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let streamId: number;

  const send = async (user: TestUser, params: Record<string, unknown>): Promise<number> => {
    const response = await org.api(user)('POST', '/messages', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.id;
  };
  const toDesign = (user: TestUser, content: string, topic = 'plans') =>
    send(user, { type: 'stream', to: 'design', topic, content });
  const remove = (user: TestUser, id: number) => org.api(user)('DELETE', `/messages/${id}`);
  const idsIn = async (user: TestUser, narrow: unknown[]): Promise<number[]> => {
    const response = await org.api(user)('GET', '/messages', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 1000,
      narrow,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.messages.map((message: { id: number }) => message.id);
  };
  const rowsOf = (id: number) => {
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'), { readonly: true });
    try {
      const count = (statement: string, ...params: unknown[]) =>
        (db.prepare(statement).get(...params) as { n: number }).n;
      return {
        messages: count('SELECT count(*) AS n FROM messages WHERE id = ?', id),
        userMessages: count('SELECT count(*) AS n FROM user_messages WHERE message_id = ?', id),
        search: count(
          "SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH 'zebra' AND rowid = ?",
          id,
        ),
      };
    } finally {
      db.close();
    }
  };
  const register = async (user: TestUser, params: Record<string, unknown> = {}) =>
    (await org.api(user)('POST', '/register', { event_types: ['delete_message'], ...params })).json
      .queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Record<string, unknown>[];

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    for (const user of [alice, bob, org.owner]) await org.subscribe(user, 'design');
    streamId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json.stream_id;
  });
  afterAll(() => org.close());

  it('lets an administrator delete a stream message from every narrow, search and table, for good', async () => {
    const kept = await toDesign(alice, 'a keeper');
    const doomed = await toDesign(alice, 'the zebra plan');
    expect(
      (
        await org.api(bob)('POST', '/messages/flags', {
          messages: [doomed],
          op: 'add',
          flag: 'starred',
        })
      ).status,
    ).toBe(200);
    expect(rowsOf(doomed)).toEqual({ messages: 1, userMessages: 3, search: 1 });

    const response = await remove(org.owner, doomed);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ result: 'success', msg: '' });

    const narrows: unknown[][] = [
      [],
      [{ operator: 'stream', operand: 'design' }],
      [
        { operator: 'stream', operand: 'design' },
        { operator: 'topic', operand: 'plans' },
      ],
      [{ operator: 'search', operand: 'zebra' }],
      [{ operator: 'is', operand: 'starred' }],
      [{ operator: 'id', operand: String(doomed) }],
      [{ operator: 'sender', operand: alice.email }],
    ];
    for (const narrow of narrows) {
      expect(await idsIn(bob, narrow), JSON.stringify(narrow)).not.toContain(doomed);
    }
    expect(await idsIn(bob, [{ operator: 'stream', operand: 'design' }])).toContain(kept);
    expect(rowsOf(doomed)).toEqual({ messages: 0, userMessages: 0, search: 0 });

    await org.restart();
    expect(await idsIn(bob, [{ operator: 'stream', operand: 'design' }])).not.toContain(doomed);
    expect(await idsIn(bob, [{ operator: 'search', operand: 'zebra' }])).toEqual([]);
    expect(rowsOf(doomed)).toEqual({ messages: 0, userMessages: 0, search: 0 });
  });

  it('deletes a private message the administrator took part in, for both sides', async () => {
    const id = await send(org.owner, { type: 'private', to: alice.email, content: 'psst' });
    expect((await remove(org.owner, id)).status).toBe(200);
    expect(await idsIn(alice, [{ operator: 'pm-with', operand: org.owner.email }])).not.toContain(
      id,
    );
    expect(await idsIn(org.owner, [{ operator: 'dm', operand: alice.email }])).not.toContain(id);
    expect(rowsOf(id).userMessages).toBe(0);
  });

  it('refuses members, the sender included, and leaves the message as it was', async () => {
    const id = await toDesign(alice, 'mine to keep');
    for (const user of [alice, bob]) {
      const response = await remove(user, id);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        result: 'error',
        msg: "You don't have permission to delete this message",
        code: 'BAD_REQUEST',
      });
    }
    expect(await idsIn(bob, [{ operator: 'id', operand: String(id) }])).toEqual([id]);
    expect(rowsOf(id)).toMatchObject({ messages: 1, userMessages: 3 });
  });

  it('answers a second deletion, or an ID that never existed, with an invalid message', async () => {
    const id = await toDesign(alice, 'short-lived');
    expect((await remove(org.owner, id)).status).toBe(200);
    for (const missing of [id, 999_999]) {
      const response = await remove(org.owner, missing);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        result: 'error',
        msg: 'Invalid message(s)',
        code: 'BAD_REQUEST',
      });
    }
  });

  it('keeps from an administrator what the administrator cannot read', async () => {
    const privateMessage = await send(alice, { type: 'private', to: bob.email, content: 'hi' });
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'hideout' }],
      invite_only: true,
    });
    const secret = await send(alice, {
      type: 'stream',
      to: 'hideout',
      topic: 'x',
      content: 'secret',
    });
    for (const id of [privateMessage, secret]) {
      const response = await remove(org.owner, id);
      expect(response.json).toMatchObject({ result: 'error', msg: 'Invalid message(s)' });
      expect(rowsOf(id).messages).toBe(1);
    }
  });

  it("tells subscribers and recipients, in the shape each queue's capabilities ask for", async () => {
    const id = await toDesign(alice, 'announced', 'news');
    const bulk = await register(bob, { client_capabilities: { bulk_message_deletion: true } });
    const legacy = await register(alice);
    const outsider = await register(carol);
    expect((await remove(org.owner, id)).status).toBe(200);

    const location = { message_type: 'stream', stream_id: streamId, topic: 'news' };
    const bulkEvents = await eventsOf(bob, bulk);
    expect(bulkEvents).toEqual([
      { id: expect.any(Number), type: 'delete_message', message_ids: [id], ...location },
    ]);
    const legacyEvents = await eventsOf(alice, legacy);
    expect(legacyEvents).toEqual([
      { id: expect.any(Number), type: 'delete_message', message_id: id, ...location },
    ]);
    for (const event of [...bulkEvents, ...legacyEvents]) {
      expect(deleteMessageEventSchema.safeParse(event).success).toBe(true);
    }
    expect(await eventsOf(carol, outsider)).toEqual([]);
  });

  it('tells the deleter, subscribed or not, of the messages they could read and deleted', async () => {
    // Zulip 9.0 (feature level 274) always tells the deleter; Zulip 11 (457)
    // only of messages they may read, which are all a deleter may delete.
    await org.subscribe(alice, 'lobby');
    const id = await send(alice, { type: 'stream', to: 'lobby', topic: 'hello', content: 'hi' });
    const lobbyId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'lobby' })).json
      .stream_id as number;
    const deleter = await register(org.owner, {
      client_capabilities: { bulk_message_deletion: true },
    });
    const outsider = await register(carol);
    expect((await remove(org.owner, id)).status).toBe(200);
    expect(await eventsOf(org.owner, deleter)).toEqual([
      {
        id: expect.any(Number),
        type: 'delete_message',
        message_ids: [id],
        message_type: 'stream',
        stream_id: lobbyId,
        topic: 'hello',
      },
    ]);
    expect(await eventsOf(carol, outsider)).toEqual([]);
  });

  it('tells only the participants of a private message, without stream or topic', async () => {
    const id = await send(org.owner, { type: 'private', to: alice.email, content: 'note' });
    const recipient = await register(alice, {
      client_capabilities: { bulk_message_deletion: true },
    });
    const bystander = await register(bob);
    expect((await remove(org.owner, id)).status).toBe(200);
    expect(await eventsOf(alice, recipient)).toEqual([
      {
        id: expect.any(Number),
        type: 'delete_message',
        message_ids: [id],
        message_type: 'private',
      },
    ]);
    expect(await eventsOf(bob, bystander)).toEqual([]);
  });
});
