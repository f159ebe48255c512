import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import {
  startStandInService,
  tokenIdOf,
  type Delivery,
  type StandInService,
} from '../helpers/pushService/standInService';
import { registerPhone } from '../helpers/pushService/phoneRegistration';
import { makeTestPhone, type TestPhone } from '../helpers/pushService/testPhone';
import { until } from '../helpers/until';

// Issue 54, points 4 and 6 to 8: messages notify the phones Zulip 12.0 would
// notify, through a stand-in push service, end-to-end encrypted; reading
// takes a notification down; the service's failures are retried from the
// database, across a restart.

describe('push notifications of messages', () => {
  let service: StandInService;
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let bobPhone: TestPhone;
  let carolPhone: TestPhone;
  /** Every line the host logged while these tests ran. */
  const logged: string[] = [];

  const dm = async (from: TestUser, to: TestUser[], content: string) =>
    (
      await org.api(from)('POST', '/messages', {
        type: 'direct',
        to: to.map((user) => user.id),
        content,
      })
    ).json.id as number;
  const post = async (from: TestUser, topic: string, content: string) =>
    org.sendStream(from, 'design', topic, content);
  /** Bob's phone hears of every message in #design, or not; the channel's ID. */
  const pushChannelToBob = async (value: boolean): Promise<number> => {
    const stream = (await org.api(bob)('GET', '/get_stream_id', { stream: 'design' })).json
      .stream_id as number;
    await org.api(bob)('POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: stream, property: 'push_notifications', value }],
    });
    return stream;
  };
  /** The next delivery to `phone` after the first `after`, waited for. */
  const nextFor = async (phone: TestPhone, after: number): Promise<Delivery> => {
    let found: Delivery | undefined;
    await until('a notification reaches the phone', () => {
      found = service.deliveries.slice(after).find((delivery) => delivery.token === phone.token);
      return found !== undefined;
    });
    return found as Delivery;
  };
  /** Proves that nothing went to Bob: Carol's notification, owed after his would be, arrives first. */
  const nothingForBobBy = async (after: number) => {
    await dm(alice, [carol], 'a marker for Carol');
    await nextFor(carolPhone, after);
    const forBob = service.deliveries.slice(after).filter((d) => d.token === bobPhone.token);
    expect(forBob.map((delivery) => bobPhone.open(delivery))).toEqual([]);
  };

  beforeAll(async () => {
    for (const stream of ['log', 'error', 'warn', 'info'] as const) {
      vi.spyOn(console, stream).mockImplementation((...parts: unknown[]) => {
        logged.push(parts.map(String).join(' '));
      });
    }
    service = await startStandInService();
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
    const registered = await org.host.registerPushService({
      url: service.url,
      contactEmail: 'owner@office.test',
      termsAccepted: true,
    });
    expect(registered).toEqual({ kind: 'registered' });
    bobPhone = await makeTestPhone('apns');
    carolPhone = await makeTestPhone();
    await registerPhone(org, service, bob, bobPhone);
    await registerPhone(org, service, carol, carolPhone);
  });
  afterAll(async () => {
    await org.close();
    await service.close();
    vi.restoreAllMocks();
  });
  afterEach(() => service.failWith(null));

  it('sends a direct message to an away user, sealed so that only the phone reads it', async () => {
    const before = service.deliveries.length;
    const sent = Math.floor(Date.now() / 1000);
    const id = await dm(alice, [bob], 'Lunch at **noon**? :thumbs_up:');
    const delivery = await nextFor(bobPhone, before);
    expect(delivery.request).toMatchObject({
      token_id: tokenIdOf(bobPhone.token),
      http_headers: { apns_priority: 10, apns_push_type: 'alert' },
      payload: {
        push_key_id: bobPhone.pushKeyId,
        aps: { 'mutable-content': 1, alert: { title: 'New notification' } },
      },
    });
    expect(JSON.stringify(delivery.request)).not.toContain('noon');
    const payload = bobPhone.open(delivery);
    expect(payload).toEqual({
      realm_url: org.url,
      realm_name: org.realmName,
      user_id: bob.id,
      type: 'message',
      message_id: id,
      time: payload.time,
      sender_id: alice.id,
      sender_full_name: alice.fullName,
      sender_avatar_url: payload.sender_avatar_url,
      content: 'Lunch at noon? 👍',
      recipient_type: 'direct',
      recipient_user_ids: [alice.id, bob.id].sort((a, b) => a - b),
    });
    expect(payload.time).toBeGreaterThanOrEqual(sent);
    expect(String(payload.sender_avatar_url)).toMatch(new RegExp(`^${org.url}/avatar/${alice.id}`));
  });

  it('sends a mention in a channel, naming the channel and topic, and takes it down once read', async () => {
    const before = service.deliveries.length;
    const id = await post(alice, 'plans', '@**bob** can you look at this?');
    const payload = bobPhone.open(await nextFor(bobPhone, before));
    expect(payload).toMatchObject({
      type: 'message',
      message_id: id,
      recipient_type: 'channel',
      channel_name: 'design',
      topic: 'plans',
      content: `@${bob.fullName} can you look at this?`,
    });
    expect(typeof payload.channel_id).toBe('number');

    const read = service.deliveries.length;
    await org.api(bob)('POST', '/messages/flags', { messages: [id], op: 'add', flag: 'read' });
    const removal = await nextFor(bobPhone, read);
    expect(removal.request).toMatchObject({
      http_headers: { apns_priority: 5, apns_push_type: 'background' },
    });
    expect(bobPhone.open(removal)).toEqual({
      realm_url: org.url,
      realm_name: org.realmName,
      user_id: bob.id,
      type: 'remove',
      message_ids: [id],
    });
    // Read again: nothing more to take down.
    const again = service.deliveries.length;
    await org.api(bob)('POST', '/messages/flags', { messages: [id], op: 'add', flag: 'read' });
    await nothingForBobBy(again);
  });

  it('sends nothing for a plain channel message, a muted topic or a muted sender', async () => {
    let before = service.deliveries.length;
    await post(alice, 'chatter', 'nobody is mentioned here');
    await nothingForBobBy(before);

    const stream = await pushChannelToBob(true);
    await org.api(bob)('POST', '/user_topics', {
      stream_id: stream,
      topic: 'muted one',
      visibility_policy: 1,
    });
    before = service.deliveries.length;
    await post(alice, 'muted one', 'in a topic Bob muted');
    await nothingForBobBy(before);
    before = service.deliveries.length;
    const heard = await post(alice, 'open one', 'in a channel Bob wants pushed');
    expect(bobPhone.open(await nextFor(bobPhone, before)).message_id).toBe(heard);

    // Muting Alice marks her messages read: their notifications come down.
    before = service.deliveries.length;
    await org.api(bob)('POST', `/users/me/muted_users/${alice.id}`);
    const removal = bobPhone.open(await nextFor(bobPhone, before));
    expect(removal).toMatchObject({ type: 'remove' });
    expect(removal.message_ids).toContain(heard);
    before = service.deliveries.length;
    await dm(alice, [bob], 'from someone Bob muted');
    await nothingForBobBy(before);
    await org.api(bob)('DELETE', `/users/me/muted_users/${alice.id}`);
  });

  it('sends nothing while the user is active elsewhere, when they asked for that', async () => {
    await org.api(bob)('PATCH', '/settings', { enable_online_push_notifications: false });
    await org.api(bob)('POST', '/register', { event_types: ['message'] });
    await org.api(bob)('POST', '/users/me/presence', { status: 'active' });
    let before = service.deliveries.length;
    await dm(alice, [bob], 'Bob is at his desk');
    await nothingForBobBy(before);
    await org.api(bob)('PATCH', '/settings', { enable_online_push_notifications: true });
    before = service.deliveries.length;
    const id = await dm(alice, [bob], 'Bob wants it on his phone anyway');
    expect(bobPhone.open(await nextFor(bobPhone, before)).message_id).toBe(id);
  });

  it('keeps a notification the service has not taken across a restart, and sends it then', async () => {
    service.failWith('hang');
    const calls = service.calls.length;
    const id = await dm(alice, [carol], 'sent while the service hangs');
    await until('the host calls the service', () =>
      service.calls.slice(calls).includes('push/e2ee/notify'),
    );
    await org.stop();
    service.failWith(null);
    const before = service.deliveries.length;
    await org.start();
    expect(carolPhone.open(await nextFor(carolPhone, before)).message_id).toBe(id);
  });

  it('tries an unreachable service three times more, and a refusing one once', async () => {
    service.failWith('reset');
    let calls = service.calls.length;
    await dm(alice, [carol], 'nobody answers');
    await until('four tries', () => service.calls.length - calls >= 4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(service.calls.slice(calls)).toEqual(Array(4).fill('push/e2ee/notify'));
    expect(org.host.pushService()?.unreachableSince).not.toBeNull();

    service.failWith(403);
    calls = service.calls.length;
    await dm(alice, [carol], 'the service says no');
    await until('one try', () => service.calls.length - calls >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(service.calls.slice(calls)).toEqual(['push/e2ee/notify']);
    expect(org.host.pushService()).toMatchObject({
      refusal: 'Your plan does not include push notifications.',
      unreachableSince: null,
    });
  });

  it('takes a notification down when an edit drops the mention, and sends one when an edit adds it', async () => {
    // Pushed every message of the channel, Bob would hear of the edits' messages anyway.
    await pushChannelToBob(false);
    const before = service.deliveries.length;
    const id = await post(alice, 'edits', '@**bob** is this yours?');
    await nextFor(bobPhone, before);
    const dropped = service.deliveries.length;
    const edit = await org.api(alice)('PATCH', `/messages/${id}`, { content: 'never mind' });
    expect(edit.json.result).toBe('success');
    expect(bobPhone.open(await nextFor(bobPhone, dropped))).toMatchObject({
      type: 'remove',
      message_ids: [id],
    });

    const plain = service.deliveries.length;
    // Not 'edits': mentioned there, Bob follows it, and hears of all it holds.
    const later = await post(alice, 'notes', 'a note for whoever reads it');
    await nothingForBobBy(plain);
    const added = service.deliveries.length;
    await org.api(alice)('PATCH', `/messages/${later}`, { content: '@**bob**, a note for you' });
    expect(bobPhone.open(await nextFor(bobPhone, added))).toMatchObject({
      type: 'message',
      message_id: later,
      content: `@${bob.fullName}, a note for you`,
    });
  });

  it('takes a notification down when its message is deleted', async () => {
    const before = service.deliveries.length;
    const id = await post(alice, 'codes', '@**bob** the code is 4711');
    await nextFor(bobPhone, before);
    const deleted = service.deliveries.length;
    expect((await org.api(org.owner)('DELETE', `/messages/${id}`)).json.result).toBe('success');
    expect(bobPhone.open(await nextFor(bobPhone, deleted))).toMatchObject({
      type: 'remove',
      message_ids: [id],
    });
  });

  it('names the smallest group that mentioned the reader, and none for one also mentioned by name', async () => {
    await org.subscribe(carol, 'design');
    const group = async (name: string, members: TestUser[]) =>
      (
        await org.api(alice)('POST', '/user_groups/create', {
          name,
          description: '',
          members: members.map((member) => member.id),
        })
      ).json.group_id as number;
    const everyone = await group('designers', [alice, bob, carol]);
    const reviewers = await group('reviewers', [bob]);

    const before = service.deliveries.length;
    await post(alice, 'review', '@*designers* and @*reviewers*, the draft is up');
    expect(bobPhone.open(await nextFor(bobPhone, before))).toMatchObject({
      mentioned_user_group_id: reviewers,
      mentioned_user_group_name: 'reviewers',
    });
    expect(carolPhone.open(await nextFor(carolPhone, before))).toMatchObject({
      mentioned_user_group_id: everyone,
      mentioned_user_group_name: 'designers',
    });

    const byName = service.deliveries.length;
    await post(alice, 'review', '@**bob** and @*reviewers*: yours first');
    const payload = bobPhone.open(await nextFor(bobPhone, byName));
    expect(payload.content).toBe(`@${bob.fullName} and @reviewers: yours first`);
    expect(payload).not.toHaveProperty('mentioned_user_group_id');
    expect(payload).not.toHaveProperty('mentioned_user_group_name');
  });

  it('logs no key, token or message content', () => {
    const secrets = [
      ...[bobPhone, carolPhone].flatMap((phone) => [
        Buffer.from(phone.pushKey).toString('base64'),
        Buffer.from(phone.pushKey.subarray(1)).toString('base64'),
        phone.token,
      ]),
      'Lunch at',
      'can you look at this',
      'sent while the service hangs',
    ];
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([]);
  });
});
