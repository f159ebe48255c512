import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's DELETE /streams/{stream_id}: an administrator archives a stream,
// which leaves every list, ends its subscriptions and takes no more messages.

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
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
    expect((await org.api(org.owner)('DELETE', '/streams/99999')).json.msg).toBe(
      'Invalid stream ID',
    );
    expect((await org.api(org.owner)('DELETE', `/streams/${id}`)).status).toBe(200);
    expect((await org.api(org.owner)('DELETE', `/streams/${id}`)).json.msg).toBe(
      'Stream is already deactivated',
    );
    expect((await org.api(org.owner)('PATCH', `/streams/${id}`, { new_name: 'x' })).json.msg).toBe(
      'Invalid stream ID',
    );
  });

  it('tells everyone who saw it with one stream delete event under its old name', async () => {
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
          streams: [expect.objectContaining({ stream_id: id, name: 'cellar', invite_only: false })],
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
      "Invalid stream name 'porch'",
    );
    // The name is free again, as Zulip's renaming makes it.
    await org.subscribe(alice, 'porch');
    expect(await streamId('porch')).not.toBe(id);
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
    expect(byName.json).toMatchObject({ result: 'error', code: 'STREAM_DOES_NOT_EXIST' });
    const byId = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: id,
      topic: 't',
      content: 'hello',
    });
    expect(byId.json.result).toBe('error');
    expect(byId.json.msg).toMatch(
      /^Not authorized to send to stream '[0-9a-f]{7}!DEACTIVATED:shed'$/,
    );
  });

  it('marks its messages read for everyone, so they leave the unread counts', async () => {
    await org.subscribe(alice, 'loft');
    await org.subscribe(bob, 'loft');
    const id = await streamId('loft');
    const sent = await org.sendStream(alice, 'loft', 'plans', 'unread for bob');
    await org.api(org.owner)('DELETE', `/streams/${id}`);
    const unread = (await org.api(bob)('POST', '/register', {})).json.unread_msgs as {
      streams: { stream_id: number }[];
    };
    expect(unread.streams.map((entry) => entry.stream_id)).not.toContain(id);
    // Bob still holds the message, now read, as Zulip keeps it.
    const message = (await org.api(bob)('GET', `/messages/${sent}`)).json.message as {
      flags: string[];
    };
    expect(message.flags).toContain('read');
  });
});
