import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// DELETE /streams/{stream_id} as Zulip 12 archives a channel, seen by a client
// without the archived_channels capability: the channel leaves every list it
// is given and takes no more messages. (archivedChannels.test.ts has what a
// client with the capability sees, and unarchiving.)

describe('archiving a stream', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const streamId = async (name: string) =>
    (await org.api(alice)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;
  const ids = (list: unknown) => (list as { stream_id: number }[]).map((s) => s.stream_id);

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org?.close());

  it('lets only administrators archive, and a stream only once', async () => {
    // Made by the owner: who makes a channel administers it, archiving included.
    await org.subscribe(org.owner, 'attic');
    await org.subscribe(alice, 'attic');
    const id = await streamId('attic');
    expect((await org.api(alice)('DELETE', `/streams/${id}`)).json).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'You do not have permission to administer this channel.',
    });
    expect((await org.api(org.owner)('DELETE', '/streams/99999')).json.msg).toBe(
      'Invalid channel ID',
    );
    expect((await org.api(org.owner)('DELETE', `/streams/${id}`)).status).toBe(200);
    expect((await org.api(org.owner)('DELETE', `/streams/${id}`)).json.msg).toBe(
      'Channel is already deactivated',
    );
  });

  it('tells everyone who saw it with one stream delete event naming its ID', async () => {
    await org.subscribe(alice, 'cellar');
    const id = await streamId('cellar');
    const [aliceQueue, bobQueue] = [await registerQueue(org, alice), await registerQueue(org, bob)];
    await org.api(org.owner)('DELETE', `/streams/${id}`);
    for (const [user, queueId] of [
      [alice, aliceQueue],
      [bob, bobQueue],
    ] as const) {
      const deletes = (await queuedEvents(org, user, queueId)).filter(
        (event) => event.type === 'stream',
      );
      expect(deletes).toEqual([
        expect.objectContaining({
          op: 'delete',
          streams: [{ stream_id: id }],
          stream_ids: [id],
        }),
      ]);
    }
  });

  it('leaves every list: streams, subscriptions, default streams, register and GET /streams', async () => {
    await org.subscribe(alice, 'porch');
    await org.subscribe(bob, 'porch');
    const id = await streamId('porch');
    await org.api(org.owner)('POST', '/default_streams', { stream_id: id });
    await org.api(bob)('DELETE', '/users/me/subscriptions', { subscriptions: ['porch'] });
    await org.api(org.owner)('DELETE', `/streams/${id}`);
    for (const user of [alice, bob, org.owner]) {
      const state = (await org.api(user)('POST', '/register', {})).json;
      for (const list of ['subscriptions', 'unsubscribed', 'never_subscribed', 'streams']) {
        expect(ids(state[list]), `${user.email} ${list}`).not.toContain(id);
      }
      expect(ids(state.realm_default_streams)).not.toContain(id);
      const listed = (await org.api(user)('GET', '/streams', { include_all_active: true })).json;
      expect(ids(listed.streams ?? [])).not.toContain(id);
      expect(
        ids((await org.api(user)('GET', '/users/me/subscriptions')).json.subscriptions),
      ).not.toContain(id);
    }
    expect((await org.api(alice)('GET', '/get_stream_id', { stream: 'porch' })).json.msg).toBe(
      "Invalid channel name 'porch'",
    );
    // Since Zulip 10 the channel keeps its name, which stays taken: asking
    // for it joins the archived channel (feature level 362) and makes none.
    const join = await org.api(bob)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'porch' }],
    });
    expect(join.json).toMatchObject({ result: 'success', subscribed: { [bob.email]: ['porch'] } });
    expect((await org.api(alice)('GET', '/get_stream_id', { stream: 'porch' })).json.msg).toBe(
      "Invalid channel name 'porch'",
    );
  });

  it('refuses messages to it, by name or by ID', async () => {
    await org.subscribe(alice, 'shed');
    const id = await streamId('shed');
    await org.api(org.owner)('DELETE', `/streams/${id}`);
    const byName = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'shed',
      topic: 't',
      content: 'hello',
    });
    expect(byName.json).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: "Not authorized to send to channel 'shed'",
    });
    const byId = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: id,
      topic: 't',
      content: 'hello',
    });
    expect(byId.json).toMatchObject({
      result: 'error',
      msg: "Not authorized to send to channel 'shed'",
    });
  });

  it('leaves its unread messages out of unread_msgs, and unread', async () => {
    await org.subscribe(alice, 'loft');
    await org.subscribe(bob, 'loft');
    const id = await streamId('loft');
    const sent = await org.sendStream(alice, 'loft', 'plans', 'unread for bob');
    await org.api(org.owner)('DELETE', `/streams/${id}`);
    const unread = (await org.api(bob)('POST', '/register', {})).json.unread_msgs as {
      streams: { stream_id: number }[];
    };
    expect(unread.streams.map((entry) => entry.stream_id)).not.toContain(id);
    // Zulip 10 and later no longer mark an archived channel's messages read.
    const message = (await org.api(bob)('GET', `/messages/${sent}`)).json.message as {
      flags: string[];
    };
    expect(message.flags).not.toContain('read');
  });
});
