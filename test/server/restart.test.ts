import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org } from '../helpers/org';

describe('a host restarted on the same data folder', () => {
  let org: Org;

  beforeAll(async () => {
    org = await startOrg();
  });
  afterAll(() => org.close());

  it('keeps the owner, users, subscriptions, messages and event queues', async () => {
    const owner = org.owner;
    const alice = await org.user('alice');
    await org.subscribe(alice, 'design');
    const sent = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'persistence',
      content: 'still here?',
    });
    const queue = (await org.api(alice)('POST', '/register', {})).json.queue_id;

    await org.restart();

    expect(org.owner).toEqual(owner);
    const me = await org.api(alice)('GET', '/users/me');
    expect(me.json).toMatchObject({ user_id: alice.id, email: alice.email });
    const subscriptions = await org.api(alice)('GET', '/users/me/subscriptions');
    expect(subscriptions.json.subscriptions.map((s: { name: string }) => s.name)).toEqual([
      'design',
      'general',
    ]);
    const messages = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: 'design' }],
    });
    expect(
      messages.json.messages.map((m: { id: number; content: string }) => [m.id, m.content]),
    ).toEqual([[sent.json.id, '<p>still here?</p>']]);
    const kept = await org.api(alice)('GET', '/events', {
      queue_id: queue,
      last_event_id: -1,
      dont_block: true,
    });
    expect(kept.json).toMatchObject({ result: 'success', events: [], queue_id: queue });
  });

  it('never reuses a message ID, even after a restart', async () => {
    const alice = await org.user('alice');
    const send = async () =>
      (
        await org.api(alice)('POST', '/messages', {
          type: 'stream',
          to: 'design',
          topic: 'ids',
          content: 'count',
        })
      ).json.id as number;
    const before = await send();
    await org.restart();
    expect(await send()).toBeGreaterThan(before);
  });
});
