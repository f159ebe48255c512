import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('a new organization', () => {
  let org: Org;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org.close());

  const subscriptionNames = async (user: TestUser) =>
    (await org.api(user)('GET', '/users/me/subscriptions')).json.subscriptions.map(
      (subscription: { name: string }) => subscription.name,
    );

  it('starts with a public default stream, general, that the owner is in', async () => {
    expect(await subscriptionNames(org.owner)).toEqual(['general']);
    const defaults = await org.api(org.owner)('GET', '/streams', {
      include_public: false,
      include_subscribed: false,
      include_default: true,
    });
    expect(defaults.json.streams).toEqual([
      expect.objectContaining({ name: 'general', invite_only: false, is_default: true }),
    ]);
  });

  it('puts every new user in the default streams', async () => {
    expect(await subscriptionNames(alice)).toEqual(['general']);
  });

  it('tells the new user of the subscription and the other members of the new peer', async () => {
    const queue = async (user: TestUser) =>
      (
        await org.api(user)('POST', '/register', {
          event_types: ['subscription'],
          include_subscribers: true,
        })
      ).json.queue_id as string;
    const aliceQueue = await queue(alice);
    const carol = await org.user('carol');
    const events = (
      await org.api(alice)('GET', '/events', {
        queue_id: aliceQueue,
        last_event_id: -1,
        dont_block: true,
      })
    ).json.events;
    expect(events).toEqual([
      expect.objectContaining({
        type: 'subscription',
        op: 'peer_add',
        user_ids: [carol.id],
        stream_ids: [expect.any(Number)],
      }),
    ]);
  });

  it('announces a stream created with announce in general, under "new streams"', async () => {
    const created = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'garden' }],
      announce: true,
    });
    expect(created.status).toBe(200);
    const latest = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: 'general' }],
      apply_markdown: false,
    });
    expect(latest.json.messages).toEqual([
      expect.objectContaining({
        subject: 'new channels',
        // Zulip posts it from Notification Bot, the creator's copy read.
        sender_email: 'notification-bot@zulip.com',
        sender_full_name: 'Notification Bot',
        flags: ['read'],
        content: `@_**Alice|${alice.id}** created a new channel #**garden**.`,
      }),
    ]);
  });

  it('announces nothing without announce', async () => {
    const before = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: 'general' }],
    });
    await org.subscribe(alice, 'quiet-corner');
    const after = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: 'general' }],
    });
    expect(after.json.messages).toEqual(before.json.messages);
  });

  it('keeps general as it is across a restart, without creating it twice', async () => {
    await org.restart();
    const all = await org.api(org.owner)('GET', '/streams', { include_all_active: true });
    const generals = all.json.streams.filter(
      (stream: { name: string }) => stream.name === 'general',
    );
    expect(generals).toHaveLength(1);
  });
});
