import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's PATCH /streams/{stream_id}: administrators rename and describe
// a stream, make it private or public, and say who may post.

interface StreamInfo {
  stream_id: number;
  name: string;
  description: string;
  rendered_description: string;
  invite_only: boolean;
  history_public_to_subscribers: boolean;
  stream_post_policy: number;
  is_announcement_only: boolean;
}

describe('stream administration', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let mod: TestUser;

  const streamId = async (name: string, user: TestUser = alice) =>
    (await org.api(user)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;
  const streamsOf = async (user: TestUser) =>
    (await org.api(user)('GET', '/streams')).json.streams as StreamInfo[];
  const patch = (user: TestUser, id: number, params: Record<string, unknown>) =>
    org.api(user)('PATCH', `/streams/${id}`, params);
  const queue = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { event_types: ['stream'] })).json.queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (
      await org.api(user)('GET', '/events', {
        queue_id: queueId,
        last_event_id: -1,
        dont_block: true,
      })
    ).json.events as Record<string, unknown>[];

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    mod = await org.user('mod');
    await org.api(org.owner)('PATCH', `/users/${mod.id}`, { role: 300 });
    // Made by the owner: who makes a channel administers it (Zulip 10's
    // can_administer_channel_group), and Alice is to be a plain member.
    for (const user of [org.owner, alice, mod]) await org.subscribe(user, 'kitchen');
  });
  afterAll(() => org?.close());

  it('lets an administrator rename and describe a stream, and tells all who see it', async () => {
    const id = await streamId('kitchen');
    const bobQueue = await queue(bob);
    expect(
      (await patch(org.owner, id, { new_name: 'Canteen', description: 'Food **first**' })).status,
    ).toBe(200);
    const renamed = (await streamsOf(alice)).find((stream) => stream.stream_id === id);
    expect(renamed).toMatchObject({
      name: 'Canteen',
      description: 'Food **first**',
      rendered_description: '<p>Food <strong>first</strong></p>',
    });
    // Bob is not subscribed, but sees the public stream, so he hears of it too.
    expect((await eventsOf(bob, bobQueue)).map(({ id: _id, ...event }) => event)).toEqual([
      {
        type: 'stream',
        op: 'update',
        stream_id: id,
        name: 'kitchen',
        property: 'name',
        value: 'Canteen',
      },
      {
        type: 'stream',
        op: 'update',
        stream_id: id,
        name: 'Canteen',
        property: 'description',
        value: 'Food **first**',
        rendered_description: '<p>Food <strong>first</strong></p>',
      },
      // Zulip 12 (feature level 434): Notification Bot's notices are the channel's first messages.
      {
        type: 'stream',
        op: 'update',
        stream_id: id,
        name: 'Canteen',
        property: 'first_message_id',
        value: expect.any(Number),
      },
    ]);
    await patch(org.owner, id, { new_name: 'kitchen' });
  });

  it('refuses members, unknown streams, taken and overlong names with Zulip’s words', async () => {
    const id = await streamId('kitchen');
    await org.subscribe(alice, 'pantry');
    const refusals: [TestUser, number, Record<string, unknown>, string][] = [
      [alice, id, { new_name: 'Mine' }, 'You do not have permission to administer this channel.'],
      [org.owner, 99999, { new_name: 'Nowhere' }, 'Invalid channel ID'],
      [org.owner, id, { new_name: 'PANTRY' }, "Stream name 'PANTRY' is already taken."],
      [
        org.owner,
        id,
        { new_name: 'x'.repeat(61) },
        'Channel name too long (limit: 60 characters).',
      ],
      [org.owner, id, { new_name: '   ' }, "Channel name can't be empty."],
      [
        org.owner,
        id,
        { new_name: 'ab\u0007c' },
        'Invalid character in channel name, at position 3.',
      ],
      [
        org.owner,
        id,
        { description: 'd'.repeat(1025) },
        'description is too long (limit: 1024 characters)',
      ],
    ];
    for (const [user, target, params, msg] of refusals) {
      expect((await patch(user, target, params)).json, msg).toMatchObject({ result: 'error', msg });
    }
    expect((await streamsOf(alice)).find((stream) => stream.stream_id === id)?.name).toBe(
      'kitchen',
    );
  });

  it('hides a stream made private from those outside it, and shows it again when public', async () => {
    const id = await streamId('kitchen');
    const bobQueue = await queue(bob);
    expect((await patch(org.owner, id, { is_private: true })).status).toBe(200);
    expect((await streamsOf(bob)).map((stream) => stream.stream_id)).not.toContain(id);
    const hidden = await eventsOf(bob, bobQueue);
    expect(hidden).toEqual([
      expect.objectContaining({
        type: 'stream',
        op: 'delete',
        streams: [expect.objectContaining({ stream_id: id })],
      }),
    ]);
    const read = await org.api(bob)('GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: id }],
    });
    // As in Zulip, the narrow answers as for any stream one holds no messages of.
    expect(read.json.messages).toEqual([]);
    // Made private with nothing said of its history, its history is
    // protected, as Zulip's update_stream_backend makes it; made public
    // again, its history must be public, and a public channel with
    // protected history is refused.
    const inside = (await streamsOf(alice)).find((stream) => stream.stream_id === id);
    expect(inside).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    expect(
      (await patch(org.owner, id, { is_private: false, history_public_to_subscribers: false }))
        .json,
    ).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid parameters' });
    await patch(org.owner, id, { is_private: false });
    expect((await streamsOf(bob)).find((stream) => stream.stream_id === id)).toMatchObject({
      invite_only: false,
      history_public_to_subscribers: true,
    });
  });

  it('keeps a default stream public', async () => {
    const id = await streamId('kitchen');
    await org.api(org.owner)('POST', '/default_streams', { stream_id: id });
    expect((await patch(org.owner, id, { is_private: true })).json).toMatchObject({
      result: 'error',
      msg: 'A default channel cannot be private.',
    });
    await org.api(org.owner)('DELETE', '/default_streams', { stream_id: id });
  });

  it('lets only those the stream_post_policy names post, with the legacy flag alongside', async () => {
    const id = await streamId('kitchen');
    const send = (user: TestUser) =>
      org.api(user)('POST', '/messages', {
        type: 'stream',
        to: id,
        topic: 'menu',
        content: 'soup',
      });
    await patch(org.owner, id, { stream_post_policy: 4 });
    expect((await send(alice)).json.msg).toBe(
      'You do not have permission to post in this channel.',
    );
    expect((await send(mod)).status).toBe(200);
    expect((await streamsOf(alice)).find((stream) => stream.stream_id === id)).toMatchObject({
      stream_post_policy: 4,
      is_announcement_only: false,
    });
    await patch(org.owner, id, { stream_post_policy: 2 });
    expect((await send(mod)).json.msg).toBe('You do not have permission to post in this channel.');
    expect(
      (await streamsOf(alice)).find((stream) => stream.stream_id === id)?.is_announcement_only,
    ).toBe(true);
    await patch(org.owner, id, { stream_post_policy: 1 });
    expect((await send(alice)).status).toBe(200);
  });

  it('still takes the legacy is_announcement_only, over stream_post_policy, as Zulip 7.0 does', async () => {
    const id = await streamId('kitchen');
    await patch(org.owner, id, { is_announcement_only: true, stream_post_policy: 4 });
    expect((await streamsOf(alice)).find((stream) => stream.stream_id === id)).toMatchObject({
      stream_post_policy: 2,
      is_announcement_only: true,
    });
    await patch(org.owner, id, { is_announcement_only: false });
    expect((await streamsOf(alice)).find((stream) => stream.stream_id === id)).toMatchObject({
      stream_post_policy: 1,
      is_announcement_only: false,
    });
  });
});
