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

  const sendTo = async (user: TestUser, stream: string, topic: string): Promise<number> => {
    await org.subscribe(user, stream);
    const body = { type: 'stream', to: stream, topic, content: 'x' };
    return (await org.api(user)('POST', '/messages', body)).json.id;
  };
  const sendToDesign = async (user: TestUser, topic: string) => {
    await org.subscribe(alice, 'design');
    return sendTo(user, 'design', topic);
  };
  const flag = (user: TestUser, messages: number[], op: string, flagName: string) =>
    org.api(user)('POST', '/messages/flags', { messages, op, flag: flagName });
  const designId = async (): Promise<number> =>
    (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json.stream_id;
  const profileField = async (params: Record<string, unknown> = { field_type: 1 }) =>
    (
      await org.api(org.owner)('POST', '/realm/profile_fields', {
        name: `Field ${Date.now()}`,
        ...params,
      })
    ).json.id as number;
  const setProfileData = (user: TestUser, id: number, value: unknown) =>
    org.api(user)('PATCH', '/users/me/profile_data', { data: [{ id, value }] });

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
      name: 'unmuting a topic in a stream through user_topics',
      act: async () => {
        const streamId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json
          .stream_id as number;
        return org.api(alice)('POST', '/user_topics', {
          stream_id: streamId,
          topic: 'signal',
          visibility_policy: 2,
        });
      },
    },
    {
      name: 'clearing a muted topic through user_topics',
      act: async () => {
        const streamId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json
          .stream_id as number;
        return org.api(alice)('POST', '/user_topics', {
          stream_id: streamId,
          topic: 'noise',
          visibility_policy: 0,
        });
      },
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
    {
      name: "editing a message's content",
      act: async () => {
        await org.subscribe(alice, 'design');
        const body = { type: 'stream', to: 'design', topic: 'edits', content: 'draft' };
        const { id } = (await org.api(alice)('POST', '/messages', body)).json;
        return org.api(alice)('PATCH', `/messages/${id}`, { content: '@**Bob** final' });
      },
    },
    {
      name: 'renaming a muted topic with change_all',
      act: async () => {
        await org.subscribe(alice, 'design');
        await org.api(bob)('PATCH', '/users/me/subscriptions/muted_topics', {
          stream: 'design',
          topic: 'old name',
          op: 'add',
        });
        const body = { type: 'stream', to: 'design', topic: 'old name', content: 'x' };
        const { id } = (await org.api(alice)('POST', '/messages', body)).json;
        await org.api(alice)('POST', '/messages', body);
        return org.api(bob)('PATCH', `/messages/${id}`, {
          topic: 'new name',
          propagate_mode: 'change_all',
        });
      },
    },
    {
      name: 'starring a received message',
      act: async () => {
        const id = await sendToDesign(bob, 'topic');
        return flag(alice, [id], 'add', 'starred');
      },
    },
    {
      name: "starring a public stream's message one never received",
      act: async () => {
        await org.subscribe(bob, 'bob-only');
        const id = await sendTo(bob, 'bob-only', 'topic');
        return flag(alice, [id], 'add', 'starred');
      },
    },
    {
      name: 'unstarring',
      act: async () => {
        const id = await sendToDesign(bob, 'topic');
        await flag(alice, [id], 'add', 'starred');
        return flag(alice, [id], 'remove', 'starred');
      },
    },
    {
      name: 'marking read through message flags',
      act: async () => flag(alice, [await sendToDesign(bob, 'topic')], 'add', 'read'),
    },
    { name: 'marking all as read', act: () => org.api(alice)('POST', '/mark_all_as_read') },
    {
      name: 'marking a stream as read',
      act: async () => {
        await sendToDesign(bob, 'topic');
        return org.api(alice)('POST', '/mark_stream_as_read', { stream_id: await designId() });
      },
    },
    {
      name: 'marking a topic as read',
      act: async () => {
        await sendToDesign(bob, 'lunch');
        return org.api(alice)('POST', '/mark_topic_as_read', {
          stream_id: await designId(),
          topic_name: 'lunch',
        });
      },
    },
    {
      // Not the newest message: a client cannot know which message becomes
      // max_message_id when the newest goes (Zulip's own apply_event asks its database).
      name: 'deleting a starred message',
      act: async () => {
        const doomed = await sendToDesign(bob, 'topic');
        await flag(alice, [doomed], 'add', 'starred');
        await sendToDesign(bob, 'topic');
        return org.api(org.owner)('DELETE', `/messages/${doomed}`);
      },
    },
    { name: 'creating a custom profile field', act: () => profileField() },
    {
      name: 'setting a custom profile field value',
      act: async () => setProfileData(alice, await profileField(), '**bold** claim'),
    },
    {
      name: 'removing a custom profile field value',
      act: async () => {
        const id = await profileField();
        await setProfileData(alice, id, 'x');
        return org.api(alice)('DELETE', '/users/me/profile_data', { data: [id] });
      },
    },
    {
      name: 'deleting a custom profile field someone filled in',
      act: async () => {
        const id = await profileField();
        await setProfileData(bob, id, 'x');
        return org.api(org.owner)('DELETE', `/realm/profile_fields/${id}`);
      },
    },
    {
      name: 'dropping a list option someone chose',
      act: async () => {
        const options = { a: { text: 'A', order: '1' }, b: { text: 'B', order: '2' } };
        const name = `Options ${Date.now()}`;
        const id = await profileField({ name, field_type: 3, field_data: options });
        await setProfileData(alice, id, 'a');
        return org.api(org.owner)('PATCH', `/realm/profile_fields/${id}`, {
          name,
          field_data: { b: options.b },
        });
      },
    },
    {
      name: 'reordering custom profile fields',
      act: async () => {
        await profileField();
        const fields = (await org.api(alice)('GET', '/realm/profile_fields')).json
          .custom_fields as { id: number }[];
        const order = fields.map((field) => field.id).reverse();
        return org.api(org.owner)('PATCH', '/realm/profile_fields', { order });
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
