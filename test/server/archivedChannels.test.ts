import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Archived channels as Zulip 12 keeps them: a client that declares the
// archived_channels capability (Zulip 10, feature level 315) still lists an
// archived channel, marked is_archived, hears of archiving and unarchiving as
// updates (feature level 378), and an administrator unarchives with PATCH
// /streams/{stream_id} is_archived=false (feature level 388).

const capable = { client_capabilities: { archived_channels: true } };

interface Listed {
  stream_id: number;
  name: string;
  is_archived: boolean;
}

describe('archived channels', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const streamId = async (name: string) =>
    (await org.api(org.owner)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;
  const find = (list: unknown, id: number) => (list as Listed[]).find((s) => s.stream_id === id);
  const archive = (id: number) => org.api(org.owner)('DELETE', `/streams/${id}`);
  const unarchive = (user: TestUser, id: number, more: Record<string, unknown> = {}) =>
    org.api(user)('PATCH', `/streams/${id}`, { is_archived: false, ...more });
  const streamEvents = async (user: TestUser, queueId: string) =>
    (await queuedEvents(org, user, queueId)).filter((event) => event.type === 'stream');

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org?.close());

  it('keeps an archived channel, name and all, in the lists of a client that takes them', async () => {
    await org.subscribe(alice, 'garden');
    const garden = await streamId('garden');
    await org.subscribe(org.owner, 'orchard');
    const orchard = await streamId('orchard');
    await archive(garden);
    await archive(orchard);

    const state = (await org.api(alice)('POST', '/register', capable)).json;
    expect(find(state.subscriptions, garden)).toMatchObject({ name: 'garden', is_archived: true });
    expect(find(state.streams, garden)).toMatchObject({ name: 'garden', is_archived: true });
    // Feature level 362: archived channels one never joined are listed too.
    expect(find(state.never_subscribed, orchard)).toMatchObject({ is_archived: true });
    // Active channels say so.
    const general = (state.streams as Listed[]).find((s) => s.name !== 'garden' && !s.is_archived);
    expect(general?.is_archived).toBe(false);

    const plain = (await org.api(alice)('POST', '/register', {})).json;
    for (const list of ['subscriptions', 'never_subscribed', 'streams']) {
      expect(find(plain[list], garden), list).toBeUndefined();
      expect(find(plain[list], orchard), list).toBeUndefined();
    }
  });

  it('lists archived channels in GET /streams only with exclude_archived=false', async () => {
    await org.subscribe(alice, 'pantry');
    const id = await streamId('pantry');
    await archive(id);
    const listed = async (params: Record<string, unknown>) =>
      (await org.api(alice)('GET', '/streams', params)).json.streams as Listed[];
    expect(find(await listed({}), id)).toBeUndefined();
    expect(find(await listed({ exclude_archived: false }), id)).toMatchObject({
      name: 'pantry',
      is_archived: true,
    });
    const all = (
      await org.api(org.owner)('GET', '/streams', {
        include_all: true,
        exclude_archived: false,
      })
    ).json.streams as Listed[];
    expect(find(all, id)?.is_archived).toBe(true);
  });

  it('tells a client with the capability of archiving with an is_archived update, and others with a delete', async () => {
    await org.subscribe(alice, 'attic');
    const id = await streamId('attic');
    const modern = await registerQueue(org, alice, capable);
    const old = await registerQueue(org, bob);
    await archive(id);
    expect(await streamEvents(alice, modern)).toEqual([
      expect.objectContaining({
        op: 'update',
        stream_id: id,
        name: 'attic',
        property: 'is_archived',
        value: true,
      }),
    ]);
    expect(await streamEvents(bob, old)).toEqual([
      expect.objectContaining({ op: 'delete', streams: [{ stream_id: id }], stream_ids: [id] }),
    ]);
  });

  it('unarchives for administrators, with an update to clients with the capability and a create to others', async () => {
    // Made by the owner: who makes a channel administers it.
    await org.subscribe(org.owner, 'cellar');
    await org.subscribe(alice, 'cellar');
    const id = await streamId('cellar');
    await archive(id);
    const refused = await unarchive(alice, id);
    expect(refused.json).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'You do not have permission to administer this channel.',
    });
    const modern = await registerQueue(org, alice, capable);
    const old = await registerQueue(org, bob);
    expect((await unarchive(org.owner, id)).json.result).toBe('success');
    expect(await streamEvents(alice, modern)).toEqual([
      expect.objectContaining({
        op: 'update',
        stream_id: id,
        property: 'is_archived',
        value: false,
      }),
    ]);
    expect(await streamEvents(bob, old)).toEqual([
      expect.objectContaining({
        op: 'create',
        streams: [expect.objectContaining({ stream_id: id, name: 'cellar', is_archived: false })],
      }),
    ]);
    // It takes messages again, and subscribers keep theirs.
    await org.sendStream(alice, 'cellar', 'back', 'hello again');
    const state = (await org.api(alice)('POST', '/register', {})).json;
    expect(find(state.subscriptions, id)).toMatchObject({ is_archived: false });
  });

  it("refuses to unarchive what is not archived, or a private channel nobody is left in, with Zulip's words", async () => {
    await org.subscribe(alice, 'porch');
    const id = await streamId('porch');
    expect((await unarchive(org.owner, id)).json).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Channel is not currently deactivated',
    });
    // is_archived=true archives nothing: DELETE does that.
    expect(
      (await org.api(org.owner)('PATCH', `/streams/${id}`, { is_archived: true })).json.result,
    ).toBe('success');

    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'vault' }],
      invite_only: true,
    });
    const vault = (await org.api(alice)('GET', '/get_stream_id', { stream: 'vault' })).json
      .stream_id as number;
    await archive(vault);
    await org.api(alice)('DELETE', '/users/me/subscriptions', { subscriptions: ['vault'] });
    expect((await unarchive(org.owner, vault)).json).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Channel is private and have no subscribers',
    });
  });

  it('leaves the channel archived when another change of the same request is refused', async () => {
    await org.subscribe(alice, 'shed');
    await org.subscribe(alice, 'barn');
    const id = await streamId('shed');
    await archive(id);
    const refused = await unarchive(org.owner, id, { new_name: 'barn' });
    expect(refused.json).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    const state = (await org.api(alice)('POST', '/register', capable)).json;
    expect(find(state.subscriptions, id)).toMatchObject({ name: 'shed', is_archived: true });
  });

  it('refuses to send to or move messages into an archived channel', async () => {
    await org.subscribe(alice, 'loft');
    await org.subscribe(alice, 'hall');
    const id = await streamId('loft');
    const moved = await org.sendStream(alice, 'hall', 'boxes', 'to the loft');
    await archive(id);
    expect(
      (
        await org.api(alice)('POST', '/messages', {
          type: 'stream',
          to: id,
          topic: 't',
          content: 'x',
        })
      ).json,
    ).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: "Not authorized to send to channel 'loft'",
    });
    expect(
      (await org.api(org.owner)('PATCH', `/messages/${moved}`, { stream_id: id })).json,
    ).toMatchObject({ result: 'error', msg: 'Invalid channel ID' });
  });

  it('lets members join and leave an archived channel, telling only clients with the capability (feature level 362)', async () => {
    await org.subscribe(alice, 'cellar');
    const id = await streamId('cellar');
    await archive(id);
    const capableQueue = await registerQueue(org, bob, capable);
    const plainQueue = await registerQueue(org, bob, {});
    const joined = await org.api(bob)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'cellar' }],
    });
    expect(joined.json).toMatchObject({ subscribed: { [bob.email]: ['cellar'] } });
    const state = (await org.api(bob)('POST', '/register', capable)).json;
    expect(find(state.subscriptions, id)).toMatchObject({ is_archived: true });
    const added = (await queuedEvents(org, bob, capableQueue)).filter(
      (event) => event.type === 'subscription' && event.op === 'add',
    );
    expect(added).toHaveLength(1);
    expect(
      (await queuedEvents(org, bob, plainQueue)).filter((event) => event.type === 'subscription'),
    ).toEqual([]);

    const left = await org.api(bob)('DELETE', '/users/me/subscriptions', {
      subscriptions: ['cellar'],
    });
    expect(left.json).toMatchObject({ removed: ['cellar'] });
    const after = (await org.api(bob)('POST', '/register', capable)).json;
    expect(find(after.subscriptions, id)).toBeUndefined();
    expect(find(after.unsubscribed, id)).toMatchObject({ is_archived: true });
  });

  it('makes an archived channel private or public, as any other (feature level 362)', async () => {
    await org.subscribe(alice, 'boathouse');
    const id = await streamId('boathouse');
    await archive(id);
    // Its maker administers it (can_administer_channel_group), archived or not.
    const closed = await org.api(alice)('PATCH', `/streams/${id}`, { is_private: true });
    expect(closed.json).toMatchObject({ result: 'success' });
    expect((await org.api(alice)('GET', `/streams/${id}`)).json.stream).toMatchObject({
      invite_only: true,
      is_archived: true,
    });
    const opened = await org.api(alice)('PATCH', `/streams/${id}`, { is_private: false });
    expect(opened.json).toMatchObject({ result: 'success' });
    expect((await org.api(bob)('GET', `/streams/${id}`)).json).toMatchObject({
      stream: { invite_only: false },
    });
  });

  it('reads an archived channel’s details, subscribers, topics and messages (feature levels 360 and 480)', async () => {
    await org.subscribe(alice, 'strongroom');
    const id = await streamId('strongroom');
    const sent = await org.sendStream(alice, 'strongroom', 'gold', 'counted');
    await archive(id);
    expect((await org.api(bob)('GET', `/streams/${id}`)).json.stream).toMatchObject({
      stream_id: id,
      name: 'strongroom',
      is_archived: true,
    });
    expect((await org.api(bob)('GET', `/streams/${id}/members`)).json).toMatchObject({
      result: 'success',
      subscribers: [alice.id],
    });
    const topics = (await org.api(bob)('GET', `/users/me/${id}/topics`)).json.topics as {
      name: string;
      max_id: number;
    }[];
    expect(topics).toEqual([{ name: 'gold', max_id: sent }]);
    const message = (await org.api(alice)('GET', `/messages/${sent}`)).json;
    expect(message).toMatchObject({
      result: 'success',
      message: { id: sent, content: '<p>counted</p>' },
    });
    expect((await org.api(alice)('GET', `/messages/${sent}/read_receipts`)).json).toMatchObject({
      result: 'success',
    });
    expect((await org.api(bob)('GET', '/streams/999999/members')).json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Invalid channel ID',
    });
  });

  it('narrows to what one received in archived channels with channels:archived (feature level 489)', async () => {
    await org.subscribe(alice, 'woodshed');
    await org.subscribe(bob, 'woodshed');
    await org.subscribe(bob, 'veranda');
    const archivedMessage = await org.sendStream(bob, 'woodshed', 'tools', 'in the shed');
    await org.sendStream(bob, 'veranda', 'chairs', 'on the porch');
    await archive(await streamId('woodshed'));
    const narrowed = async (operand: string) =>
      (
        await org.api(alice)('GET', '/messages', {
          anchor: 'newest',
          num_before: 100,
          num_after: 0,
          narrow: JSON.stringify([{ operator: 'channels', operand }]),
        })
      ).json.messages as { id: number; display_recipient: string }[];
    const found = await narrowed('archived');
    expect(found.map((message) => message.id)).toContain(archivedMessage);
    const everyChannel = (
      await org.api(org.owner)('GET', '/streams', { include_all: true, exclude_archived: false })
    ).json.streams as Listed[];
    const archivedNames = new Set(everyChannel.filter((s) => s.is_archived).map((s) => s.name));
    expect(found.every((message) => archivedNames.has(message.display_recipient))).toBe(true);
  });

  it('keeps its unread messages for a client with the capability, and brings topic choices back on unarchiving', async () => {
    await org.subscribe(alice, 'study');
    await org.subscribe(bob, 'study');
    const id = await streamId('study');
    const sent = await org.sendStream(alice, 'study', 'books', 'unread for bob');
    await org.api(bob)('POST', '/user_topics', {
      stream_id: id,
      topic: 'books',
      visibility_policy: 1,
    });
    await archive(id);
    const archived = (await org.api(bob)('POST', '/register', capable)).json;
    const unreadIds = (
      archived.unread_msgs.streams as { stream_id: number; unread_message_ids: number[] }[]
    )
      .filter((entry) => entry.stream_id === id)
      .flatMap((entry) => entry.unread_message_ids);
    expect(unreadIds).toContain(sent);
    expect(archived.user_topics).not.toContainEqual(expect.objectContaining({ stream_id: id }));

    const queue = await registerQueue(org, bob, capable);
    await unarchive(org.owner, id);
    expect(await queuedEvents(org, bob, queue)).toContainEqual(
      expect.objectContaining({
        type: 'user_topic',
        stream_id: id,
        topic_name: 'books',
        visibility_policy: 1,
      }),
    );
    const back = (await org.api(bob)('POST', '/register', capable)).json;
    expect(back.user_topics).toContainEqual(
      expect.objectContaining({ stream_id: id, topic_name: 'books', visibility_policy: 1 }),
    );
  });

  it('keeps a channel archived by the Zulip 7.0 behaviour archived, under its old name, after a restart', async () => {
    await org.subscribe(alice, 'old-attic');
    const id = await streamId('old-attic');
    // As the host of 7.0 left such a channel: renamed, private, its subscriptions ended.
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'));
    db.prepare(
      "UPDATE streams SET deactivated = 1, invite_only = 1, name = '1a2b3c4!DEACTIVATED:old-attic' WHERE id = ?",
    ).run(id);
    db.prepare(
      'UPDATE subscriptions SET is_active = 0 WHERE recipient_id IN (SELECT id FROM recipients WHERE type = 2 AND type_id = ?)',
    ).run(id);
    db.close();
    await org.restart();

    const state = (await org.api(org.owner)('POST', '/register', capable)).json;
    expect(find(state.streams, id)).toMatchObject({
      name: '1a2b3c4!DEACTIVATED:old-attic',
      is_archived: true,
    });
    expect(
      find((await org.api(org.owner)('POST', '/register', {})).json.streams, id),
    ).toBeUndefined();
    // The old name is free, as 7.0's renaming left it.
    await org.subscribe(alice, 'old-attic');
    expect(await streamId('old-attic')).not.toBe(id);
    expect((await unarchive(org.owner, id)).json.msg).toBe(
      'Channel is private and have no subscribers',
    );
  });
});
