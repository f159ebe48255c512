import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueuedEvent } from '../../src-main/server/events/notice';
import { applyEvent, type InitialState } from '../../src-main/server/state/applyEvent';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip's events invariant: what a client builds from /register plus the
// events an action sent equals what a fresh /register returns.
describe('initial state plus events equals fresh state', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
  });
  afterAll(() => org.close());

  const register = async (user: TestUser, includeSubscribers: boolean) => {
    const body = { include_subscribers: includeSubscribers };
    const state = (await org.api(user)('POST', '/register', body)).json;
    const queueId = state.queue_id as string;
    // Only the queue itself differs between two registrations of the same state.
    delete state.queue_id;
    delete state.last_event_id;
    return { queueId, state: state as InitialState };
  };

  const actions: { name: string; act: () => Promise<unknown> }[] = [
    {
      name: 'sending a stream message',
      act: () =>
        org.api(bob)('POST', '/messages', {
          type: 'stream',
          to: 'design',
          topic: 't',
          content: 'x',
        }),
    },
    {
      name: 'sending a private message',
      act: () =>
        org.api(bob)('POST', '/messages', { type: 'private', to: alice.email, content: 'x' }),
    },
    {
      name: 'subscribing to a new stream',
      act: () => org.subscribe(alice, `new-${Date.now()}`),
    },
    {
      name: 'a peer joining a stream',
      act: async () => {
        const carol = await org.user('carol');
        await org.subscribe(carol, 'design');
      },
    },
    {
      name: 'unsubscribing',
      act: () => org.api(alice)('DELETE', '/users/me/subscriptions', { subscriptions: ['design'] }),
    },
    { name: 'a user joining', act: () => org.user(`user${Date.now()}`) },
    {
      name: 'creating a private stream with a member',
      act: () =>
        org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'hideout' }],
          principals: [alice.email, bob.email],
          invite_only: true,
        }),
    },
    {
      name: 'leaving a private stream',
      act: () => org.api(bob)('DELETE', '/users/me/subscriptions', { subscriptions: ['hideout'] }),
    },
    {
      name: 'muting a stream through the legacy in_home_view',
      act: async () => {
        await org.subscribe(alice, 'design');
        const { stream_id } = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' }))
          .json;
        return org.api(alice)('POST', '/users/me/subscriptions/properties', {
          subscription_data: [
            { stream_id, property: 'in_home_view', value: false },
            { stream_id, property: 'color', value: '#123456' },
          ],
        });
      },
    },
    {
      name: 'muting a topic',
      act: () =>
        org.api(alice)('PATCH', '/users/me/subscriptions/muted_topics', {
          stream: 'design',
          topic: 'noise',
          op: 'add',
        }),
    },
    {
      name: 'changing notification settings',
      act: () =>
        org.api(alice)('PATCH', '/settings/notifications', {
          enable_sounds: false,
          notification_sound: 'ding',
        }),
    },
    {
      name: 'making a stream default',
      act: async () => {
        const { stream_id } = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' }))
          .json;
        return org.api(org.owner)('POST', '/default_streams', { stream_id });
      },
    },
  ];

  it.each(actions)('holds for $name', async ({ act }) => {
    const views = [alice, bob].flatMap((viewer) =>
      [true, false].map((includeSubscribers) => ({ viewer, includeSubscribers })),
    );
    const before = await Promise.all(
      views.map(({ viewer, includeSubscribers }) => register(viewer, includeSubscribers)),
    );
    await act();
    for (const [index, { viewer, includeSubscribers }] of views.entries()) {
      const start = before[index];
      if (!start) throw new Error('missing registration');
      const { events } = (
        await org.api(viewer)('GET', '/events', { queue_id: start.queueId, dont_block: true })
      ).json as { events: QueuedEvent[] };
      const applied = events.reduce(
        (state, event) => applyEvent(state, event, { includeSubscribers }),
        start.state,
      );
      expect(applied).toEqual((await register(viewer, includeSubscribers)).state);
    }
  });
});
