import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// POST /messages/{message_id}/typing, Zulip 10's typing notices while editing
// a message (feature level 351, at the path of feature level 361), and its
// typing_edit_message events.
describe('typing notices while editing a message', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let designId: number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
    designId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json.stream_id;
  });
  afterAll(() => org.close());

  const queueOf = async (user: TestUser) =>
    (
      await org.api(user)('POST', '/register', {
        event_types: ['typing_edit_message'],
        client_capabilities: { empty_topic_name: true },
      })
    ).json.queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Record<string, unknown>[];
  const send = async (user: TestUser, params: Record<string, unknown>) =>
    (await org.api(user)('POST', '/messages', params)).json.id as number;
  const editTyping = (user: TestUser, messageId: number, op: string) =>
    org.api(user)('POST', `/messages/${messageId}/typing`, { op });

  it("tells a channel's subscribers, the editor included, which message is being edited", async () => {
    const id = await send(alice, { type: 'stream', to: 'design', topic: 'plans', content: 'v1' });
    const [alices, bobs, carols] = await Promise.all([alice, bob, carol].map(queueOf));
    const response = await editTyping(alice, id, 'start');
    expect(response.json).toEqual({ result: 'success', msg: '' });
    const expected = {
      id: expect.any(Number),
      type: 'typing_edit_message',
      op: 'start',
      sender_id: alice.id,
      message_id: id,
      recipient: { type: 'channel', channel_id: designId, topic: 'plans' },
    };
    expect(await eventsOf(alice, alices as string)).toEqual([expected]);
    expect(await eventsOf(bob, bobs as string)).toEqual([expected]);
    expect(await eventsOf(carol, carols as string)).toEqual([]);
  });

  it('tells the participants of a direct message, whom the event lists', async () => {
    const id = await send(alice, { type: 'direct', to: JSON.stringify([bob.id]), content: 'hi' });
    const [bobs, carols] = await Promise.all([bob, carol].map(queueOf));
    expect((await editTyping(alice, id, 'stop')).json).toEqual({ result: 'success', msg: '' });
    expect(await eventsOf(bob, bobs as string)).toEqual([
      {
        id: expect.any(Number),
        type: 'typing_edit_message',
        op: 'stop',
        sender_id: alice.id,
        message_id: id,
        recipient: { type: 'direct', user_ids: [alice.id, bob.id].sort((a, b) => a - b) },
      },
    ]);
    expect(await eventsOf(carol, carols as string)).toEqual([]);
  });

  it('refuses whoever may not edit the message, an unknown message and a bad op, telling nobody', async () => {
    const id = await send(alice, { type: 'stream', to: 'design', topic: 'plans', content: 'v2' });
    const bobs = await queueOf(bob);
    const cases: [TestUser, number, string, string][] = [
      [bob, id, 'start', "You don't have permission to edit this message"],
      [carol, 999_999, 'start', 'Invalid message(s)'],
    ];
    for (const [user, messageId, op, msg] of cases) {
      const response = await editTyping(user, messageId, op);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
    }
    const badOp = await editTyping(alice, id, 'pause');
    expect(badOp.status).toBe(400);
    expect(badOp.json.var_name).toBe('op');
    expect(await eventsOf(bob, bobs)).toEqual([]);
  });

  it("refuses once the organization's edit limit has passed, without the grace an edit has", async () => {
    const id = await send(alice, { type: 'stream', to: 'design', topic: 'plans', content: 'v3' });
    // Ten minutes and five seconds old: Zulip's default limit is ten minutes,
    // and an edit is allowed twenty seconds past it.
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'));
    try {
      db.prepare('UPDATE messages SET date_sent = date_sent - 605 WHERE id = ?').run(id);
    } finally {
      db.close();
    }
    expect((await editTyping(alice, id, 'start')).json).toEqual({
      result: 'error',
      msg: 'The time limit for editing this message has passed',
      code: 'BAD_REQUEST',
    });
    const edit = await org.api(alice)('PATCH', `/messages/${id}`, { content: 'v4' });
    expect(edit.json).toMatchObject({ result: 'success' });
  });

  it('refuses an editor who turned typing notifications off', async () => {
    const channel = await send(alice, { type: 'stream', to: 'design', topic: 'x', content: 'c' });
    const direct = await send(alice, {
      type: 'direct',
      to: JSON.stringify([bob.id]),
      content: 'd',
    });
    await org.api(alice)('PATCH', '/settings', {
      send_stream_typing_notifications: false,
      send_private_typing_notifications: false,
    });
    expect((await editTyping(alice, channel, 'start')).json.msg).toBe(
      'User has disabled typing notifications for channel messages',
    );
    expect((await editTyping(alice, direct, 'start')).json.msg).toBe(
      'User has disabled typing notifications for direct messages',
    );
  });
});
