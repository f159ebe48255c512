import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip's POST /streams/{stream_id}/delete_topic: administrators delete a
// topic's messages, newest first, a hundred at a time (issue 36, point 8),
// and the answer says `complete` (feature level 211).

describe('POST /streams/{stream_id}/delete_topic', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const streamIdOf = async (name: string): Promise<number> =>
    (await org.api(org.owner)('GET', '/get_stream_id', { stream: name })).json.stream_id;
  const deleteTopic = (user: TestUser, streamId: number, topic: string) =>
    org.api(user)('POST', `/streams/${streamId}/delete_topic`, { topic_name: topic });
  const idsIn = async (user: TestUser, stream: string, topic?: string): Promise<number[]> => {
    const narrow = [
      { operator: 'stream', operand: stream },
      ...(topic === undefined ? [] : [{ operator: 'topic', operand: topic }]),
    ];
    const answer = await org.api(user)('GET', '/messages', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 5000,
      narrow,
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.messages.map((message: { id: number }) => message.id);
  };
  const sendMany = async (user: TestUser, stream: string, topic: string, count: number) => {
    const ids: number[] = [];
    for (let index = 0; index < count; index++) {
      ids.push(await org.sendStream(user, stream, topic, `message ${index}`));
    }
    return ids;
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    for (const user of [alice, bob, org.owner]) await org.subscribe(user, 'design');
  });
  afterAll(() => org.close());

  it('deletes every message of the topic, whatever its case, in batches of a hundred, newest first', async () => {
    const designId = await streamIdOf('design');
    const doomed = await sendMany(alice, 'design', 'Lunch plans', 205);
    const kept = await org.sendStream(alice, 'design', 'dinner', 'stays');
    const bulk = await registerQueue(org, bob, {
      event_types: ['delete_message'],
      client_capabilities: { bulk_message_deletion: true },
    });
    const single = await registerQueue(org, bob, { event_types: ['delete_message'] });

    const answer = await deleteTopic(org.owner, designId, 'lunch PLANS');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ result: 'success', msg: '', complete: true });

    expect(await idsIn(bob, 'design', 'Lunch plans')).toEqual([]);
    expect(await idsIn(bob, 'design')).toEqual([kept]);
    // Batches go newest first; since Zulip 11 (feature level 393) each
    // event lists its messages in increasing order.
    const batches = [0, 100, 200].map((start) =>
      [...doomed]
        .reverse()
        .slice(start, start + 100)
        .sort((a, b) => a - b),
    );
    const bulkEvents = await queuedEvents(org, bob, bulk);
    expect(bulkEvents).toEqual(
      batches.map((batch) => ({
        id: expect.any(Number),
        type: 'delete_message',
        message_ids: batch,
        message_type: 'stream',
        stream_id: designId,
        topic: 'Lunch plans',
      })),
    );
    const singleEvents = await queuedEvents(org, bob, single);
    expect(singleEvents.map((event) => event.message_id)).toEqual(batches.flat());
    expect(singleEvents[0]).toMatchObject({ message_type: 'stream', topic: 'Lunch plans' });

    await org.restart();
    expect(await idsIn(alice, 'design', 'Lunch plans')).toEqual([]);
    const again = await org.sendStream(alice, 'design', 'Lunch plans', 'a fresh start');
    expect(await idsIn(alice, 'design', 'Lunch plans')).toEqual([again]);
  });

  it('refuses anyone but an administrator, and deletes nothing', async () => {
    const designId = await streamIdOf('design');
    const id = await org.sendStream(alice, 'design', 'keep out', 'mine');
    const refused = await deleteTopic(alice, designId, 'keep out');
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      result: 'error',
      msg: 'Must be an organization administrator',
      code: 'UNAUTHORIZED_PRINCIPAL',
    });
    expect(await idsIn(alice, 'design', 'keep out')).toEqual([id]);
  });

  it('answers a topic with no messages with success, and a stream out of reach as invalid', async () => {
    expect((await deleteTopic(org.owner, await streamIdOf('design'), 'never used')).json).toEqual({
      result: 'success',
      msg: '',
      complete: true,
    });
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'alice-only' }],
      invite_only: true,
    });
    const hidden = await org.api(alice)('GET', '/get_stream_id', { stream: 'alice-only' });
    await org.sendStream(alice, 'alice-only', 'secrets', 'hush');
    for (const streamId of [hidden.json.stream_id as number, 999_999]) {
      const refused = await deleteTopic(org.owner, streamId, 'secrets');
      expect(refused.json).toEqual({
        result: 'error',
        msg: 'Invalid channel ID',
        code: 'BAD_REQUEST',
      });
    }
    expect(await idsIn(alice, 'alice-only', 'secrets')).toHaveLength(1);
  });

  it('deletes only the messages an administrator received in a stream that keeps its history from newcomers', async () => {
    const made = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'vault' }],
      invite_only: true,
      history_public_to_subscribers: false,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const before = await org.sendStream(alice, 'vault', 'ledger', 'before the owner came');
    const joined = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'vault' }],
      principals: [org.owner.email],
    });
    expect(joined.status).toBe(200);
    const after = await org.sendStream(alice, 'vault', 'ledger', 'after');
    const owners = await registerQueue(org, org.owner, {
      event_types: ['delete_message'],
      client_capabilities: { bulk_message_deletion: true },
    });

    const answer = await deleteTopic(org.owner, await streamIdOf('vault'), 'ledger');
    expect(answer.json).toEqual({ result: 'success', msg: '', complete: true });
    expect(await idsIn(alice, 'vault', 'ledger')).toEqual([before]);
    expect(after).toBeGreaterThan(before);
    // Zulip 11 (feature level 457): the deleter hears only of what they could read.
    expect(await queuedEvents(org, org.owner, owners)).toEqual([
      expect.objectContaining({ type: 'delete_message', message_ids: [after] }),
    ]);
  });

  it('tells an administrator who is not subscribed of the topic they deleted', async () => {
    await org.subscribe(alice, 'lounge');
    const id = await org.sendStream(alice, 'lounge', 'chatter', 'hello');
    const owners = await registerQueue(org, org.owner, {
      event_types: ['delete_message'],
      client_capabilities: { bulk_message_deletion: true },
    });
    const answer = await deleteTopic(org.owner, await streamIdOf('lounge'), 'chatter');
    expect(answer.json).toEqual({ result: 'success', msg: '', complete: true });
    // Zulip 9.0 (feature level 274) tells the deleter, subscribed or not.
    expect(await queuedEvents(org, org.owner, owners)).toEqual([
      {
        id: expect.any(Number),
        type: 'delete_message',
        message_ids: [id],
        message_type: 'stream',
        stream_id: await streamIdOf('lounge'),
        topic: 'chatter',
      },
    ]);
  });
});
