import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// What a channel object says of the channel's messages and people, as Zulip
// 12 keeps it: first_message_id, updated by a `stream` `update` event when
// the first message is sent, deleted (feature level 256) or moved away,
// is_recently_active (feature level 323) and subscriber_count (394).

interface ChannelObject {
  stream_id: number;
  name: string;
  first_message_id: number | null;
  is_recently_active: boolean;
  subscriber_count: number;
}

const day = 24 * 60 * 60;

describe('channel objects', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const streamId = async (name: string) =>
    (await org.api(org.owner)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;
  const channel = async (id: number) =>
    (await org.api(alice)('GET', `/streams/${id}`)).json.stream as ChannelObject;
  const firstMessageUpdates = async (user: TestUser, queueId: string) =>
    (await queuedEvents(org, user, queueId)).filter(
      (event) => event.type === 'stream' && event.property === 'first_message_id',
    );

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org.close());

  it('starts a new channel with no first message, recently active', async () => {
    await org.subscribe(alice, 'quiet');
    const id = await streamId('quiet');
    expect(await channel(id)).toMatchObject({ first_message_id: null, is_recently_active: true });
    const state = (await org.api(alice)('POST', '/register', { fetch_event_types: ['stream'] }))
      .json as { streams: ChannelObject[] };
    expect(state.streams.find((stream) => stream.stream_id === id)).toMatchObject({
      first_message_id: null,
      is_recently_active: true,
    });
  });

  it('tells everyone who sees the channel of its first message, and of a new first one when that is deleted (feature level 256)', async () => {
    await org.subscribe(alice, 'diary');
    const id = await streamId('diary');
    const queue = await registerQueue(org, bob, { event_types: ['stream'] });
    const first = await org.sendStream(alice, 'diary', 'day one', 'Dear diary');
    const second = await org.sendStream(alice, 'diary', 'day two', 'Again');
    expect((await channel(id)).first_message_id).toBe(first);

    await org.api(org.owner)('DELETE', `/messages/${first}`);
    expect((await channel(id)).first_message_id).toBe(second);
    await org.api(org.owner)('DELETE', `/messages/${second}`);
    expect((await channel(id)).first_message_id).toBeNull();

    const updates = await firstMessageUpdates(bob, queue);
    expect(updates.map((event) => event.value)).toEqual([first, second, null]);
    expect(updates[0]).toMatchObject({
      type: 'stream',
      op: 'update',
      stream_id: id,
      name: 'diary',
      property: 'first_message_id',
    });
  });

  it('tells of a first message every queue that takes all events, and a queue of messages only just the message', async () => {
    await org.subscribe(alice, 'logbook');
    const carol = await org.user('carol');
    await org.subscribe(carol, 'logbook');
    const dave = await org.user('dave');
    const everything = await registerQueue(org, dave);
    const messagesOnly = await registerQueue(org, carol, { event_types: ['message'] });
    const first = await org.sendStream(alice, 'logbook', 'entry', 'Set sail');

    expect((await firstMessageUpdates(dave, everything)).map((event) => event.value)).toEqual([
      first,
    ]);
    const carolsEvents = await queuedEvents(org, carol, messagesOnly);
    expect(carolsEvents.map((event) => event.type)).toEqual(['message']);
  });

  it('moves first_message_id with the messages moved between channels', async () => {
    await org.subscribe(alice, 'inbox-tray');
    await org.subscribe(alice, 'outbox-tray');
    const from = await streamId('inbox-tray');
    const to = await streamId('outbox-tray');
    const moved = await org.sendStream(alice, 'inbox-tray', 'letters', 'to move');
    const kept = await org.sendStream(alice, 'inbox-tray', 'notes', 'to keep');
    const queue = await registerQueue(org, bob, { event_types: ['stream'] });
    await org.api(org.owner)('PATCH', `/messages/${moved}`, {
      stream_id: to,
      propagate_mode: 'change_one',
      send_notification_to_new_thread: false,
    });
    expect((await channel(from)).first_message_id).toBe(kept);
    expect((await channel(to)).first_message_id).toBe(moved);
    const updates = await firstMessageUpdates(bob, queue);
    expect(updates.map((event) => [event.stream_id, event.value])).toEqual([
      [from, kept],
      [to, moved],
    ]);
  });

  it('counts a channel quiet for 180 days as no longer recently active, and active again once written in (feature level 323)', async () => {
    await org.subscribe(alice, 'attic');
    const id = await streamId('attic');
    const old = await org.sendStream(alice, 'attic', 'boxes', 'dusty');
    const longAgo = Math.floor(Date.now() / 1000) - 200 * day;
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'));
    db.prepare('UPDATE streams SET date_created = ? WHERE id = ?').run(longAgo, id);
    db.prepare('UPDATE messages SET date_sent = ? WHERE id = ?').run(longAgo, old);
    db.close();
    expect((await channel(id)).is_recently_active).toBe(false);

    const queue = await registerQueue(org, bob, { event_types: ['stream'] });
    await org.sendStream(alice, 'attic', 'boxes', 'tidied');
    expect((await channel(id)).is_recently_active).toBe(true);
    const events = await queuedEvents(org, bob, queue);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'stream',
        op: 'update',
        stream_id: id,
        property: 'is_recently_active',
        value: true,
      }),
    );
  });

  it('counts the subscribers in every channel object, and peer events keep a client’s count (feature level 394)', async () => {
    await org.subscribe(alice, 'choir');
    const id = await streamId('choir');
    expect((await channel(id)).subscriber_count).toBe(1);
    const register = async () =>
      (
        await org.api(alice)('POST', '/register', {
          fetch_event_types: ['stream', 'subscription'],
        })
      ).json as { streams: ChannelObject[]; subscriptions: ChannelObject[] };
    const queue = await registerQueue(org, alice, { event_types: ['subscription'] });
    await org.subscribe(bob, 'choir');
    const state = await register();
    expect(state.streams.find((stream) => stream.stream_id === id)?.subscriber_count).toBe(2);
    expect(state.subscriptions.find((sub) => sub.stream_id === id)?.subscriber_count).toBe(2);
    expect(
      (await org.api(bob)('GET', '/streams')).json.streams.find(
        (stream: ChannelObject) => stream.stream_id === id,
      )?.subscriber_count,
    ).toBe(2);
    expect(await queuedEvents(org, alice, queue)).toContainEqual(
      expect.objectContaining({ op: 'peer_add', stream_ids: [id], user_ids: [bob.id] }),
    );
  });
});
