import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { UnreadMsgs } from '../../src-main/wire';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's unread_msgs at /register, after sends, reads, mutes and deletions.
describe('the unread messages /register reports', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let designId: number;

  beforeEach(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
    designId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json.stream_id;
  });
  afterEach(() => org.close());

  const unread = async (user: TestUser = alice): Promise<UnreadMsgs> => {
    const response = await org.api(user)('POST', '/register', {
      fetch_event_types: ['message', 'update_message_flags'],
    });
    expect(response.status).toBe(200);
    return response.json.unread_msgs as UnreadMsgs;
  };
  const toDesign = async (topic: string, content = 'x', sender = bob) =>
    (await org.api(sender)('POST', '/messages', { type: 'stream', to: 'design', topic, content }))
      .json.id as number;
  const privately = async (sender: TestUser, to: TestUser[], content = 'x') =>
    (
      await org.api(sender)('POST', '/messages', {
        type: 'private',
        to: JSON.stringify(to.map((user) => user.id)),
        content,
      })
    ).json.id as number;

  it('starts empty', async () => {
    expect(await unread()).toEqual({
      pms: [],
      streams: [],
      huddles: [],
      mentions: [],
      count: 0,
      old_unreads_missing: false,
    });
  });

  it('groups unread messages by topic, by person and by group, in Zulip order', async () => {
    const lunch1 = await toDesign('lunch');
    const alpha = await toDesign('Alpha');
    const lunch2 = await toDesign('lunch');
    const fromBob = await privately(bob, [alice]);
    const fromCarol = await privately(carol, [alice]);
    const group = await privately(carol, [alice, bob]);
    expect(await unread()).toEqual({
      pms: [
        { other_user_id: bob.id, sender_id: bob.id, unread_message_ids: [fromBob] },
        { other_user_id: carol.id, sender_id: carol.id, unread_message_ids: [fromCarol] },
      ],
      // Topics are told apart by their exact spelling and ordered as Python orders text.
      streams: [
        { stream_id: designId, topic: 'Alpha', unread_message_ids: [alpha] },
        { stream_id: designId, topic: 'lunch', unread_message_ids: [lunch1, lunch2] },
      ],
      huddles: [
        {
          user_ids_string: [alice.id, bob.id, carol.id].sort((a, b) => a - b).join(','),
          unread_message_ids: [group],
        },
      ],
      mentions: [],
      count: 6,
      old_unreads_missing: false,
    });
  });

  it("never counts the reader's own messages, but counts a note to self sent from elsewhere", async () => {
    await toDesign('mine', 'x', alice);
    await privately(alice, [bob]);
    expect((await unread()).count).toBe(0);
    expect((await unread(bob)).pms).toEqual([
      { other_user_id: alice.id, sender_id: alice.id, unread_message_ids: [expect.any(Number)] },
    ]);
  });

  it('lists personal mentions always and wildcard mentions outside muted topics', async () => {
    const personal = await toDesign('quiet', '@**Alice** look');
    const wildcard = await toDesign('quiet', '@**all** look');
    await org.api(alice)('POST', '/user_topics', {
      stream_id: designId,
      topic: 'QUIET',
      visibility_policy: 1,
    });
    const elsewhere = await toDesign('loud', '@**all** here');
    const state = await unread();
    expect(state.mentions).toEqual([personal, elsewhere]);
    expect(state.mentions).not.toContain(wildcard);
  });

  it('leaves muted streams and topics out of count but lists their messages', async () => {
    await toDesign('a');
    await toDesign('muted topic');
    await privately(bob, [alice]);
    await org.api(alice)('PATCH', '/users/me/subscriptions/muted_topics', {
      stream: 'design',
      topic: 'muted topic',
      op: 'add',
    });
    let state = await unread();
    expect(state.count).toBe(2);
    expect(state.streams).toHaveLength(2);

    await org.api(alice)('POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: designId, property: 'is_muted', value: true }],
    });
    state = await unread();
    expect(state.count).toBe(1);

    // Zulip 7.0: an unmuted topic of a muted stream counts again.
    await org.api(alice)('POST', '/user_topics', {
      stream_id: designId,
      topic: 'a',
      visibility_policy: 2,
    });
    expect((await unread()).count).toBe(2);
  });

  it('drops what is read, marked read by stream or topic, or deleted', async () => {
    const [a1, a2, b1, c1] = [
      await toDesign('a'),
      await toDesign('a'),
      await toDesign('b'),
      await toDesign('c'),
    ];
    await org.api(alice)('POST', '/messages/flags', { messages: [a1], op: 'add', flag: 'read' });
    let state = await unread();
    expect(state.streams.map((s) => s.unread_message_ids)).toEqual([[a2], [b1], [c1]]);

    await org.api(alice)('POST', '/mark_topic_as_read', { stream_id: designId, topic_name: 'b' });
    await org.api(org.owner)('DELETE', `/messages/${c1}`);
    state = await unread();
    expect(state.streams).toEqual([{ stream_id: designId, topic: 'a', unread_message_ids: [a2] }]);
    expect(state.count).toBe(1);

    await org.api(alice)('POST', '/mark_all_as_read');
    expect((await unread()).count).toBe(0);
  });

  it('brings back a message marked unread again, under its topic', async () => {
    const id = await toDesign('again', '@**Alice** hello');
    await org.api(alice)('POST', '/messages/flags', { messages: [id], op: 'add', flag: 'read' });
    await org.api(alice)('POST', '/messages/flags', { messages: [id], op: 'remove', flag: 'read' });
    expect(await unread()).toMatchObject({
      streams: [{ stream_id: designId, topic: 'again', unread_message_ids: [id] }],
      mentions: [id],
      count: 1,
    });
  });

  it('moves unread messages with their topic when it is renamed', async () => {
    const id = await toDesign('old');
    await toDesign('old');
    await org.api(bob)('PATCH', `/messages/${id}`, { topic: 'new', propagate_mode: 'change_all' });
    expect((await unread()).streams.map((s) => s.topic)).toEqual(['new']);
  });

  it('marks a stream read for a user who leaves it, so rejoining brings nothing back', async () => {
    await toDesign('before');
    await org.api(alice)('DELETE', '/users/me/subscriptions', { subscriptions: ['design'] });
    expect((await unread()).streams).toEqual([]);
    await org.subscribe(alice, 'design');
    expect((await unread()).streams).toEqual([]);
    const after = await toDesign('after');
    expect((await unread()).streams).toEqual([
      { stream_id: designId, topic: 'after', unread_message_ids: [after] },
    ]);
  });
});
