import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 11's resolved_topic_notice_auto_read_policy (feature level 385): the
// notice that a topic was resolved or unresolved arrives read for those who
// chose "always", unread for "never", and by default ("except_followed")
// read unless they follow the topic.

const followed = 3;

describe('resolved-topic notices and who reads them on arrival', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let erin: TestUser;
  let kitchenId: number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    dave = await org.user('dave');
    erin = await org.user('erin');
    for (const user of [alice, bob, carol, dave, erin]) await org.subscribe(user, 'kitchen');
    kitchenId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'kitchen' })).json
      .stream_id as number;
  });
  afterAll(() => org.close());

  const setPolicy = async (user: TestUser, policy: string) => {
    const response = await org.api(user)('PATCH', '/settings', {
      resolved_topic_notice_auto_read_policy: policy,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
  };
  const follow = (user: TestUser, topic: string) =>
    org.api(user)('POST', '/user_topics', {
      stream_id: kitchenId,
      topic,
      visibility_policy: followed,
    });
  const newestIn = async (user: TestUser, topic: string) => {
    const response = await org.api(user)('GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [
        { operator: 'stream', operand: kitchenId },
        { operator: 'topic', operand: topic },
      ],
    });
    return response.json.messages[0] as { content: string; flags: string[] };
  };
  const readsIt = async (user: TestUser, topic: string) =>
    (await newestIn(user, topic)).flags.includes('read');

  it('starts at except_followed, and refuses a value Zulip does not have', async () => {
    const state = await org.api(bob)('POST', '/register', {
      fetch_event_types: ['user_settings'],
    });
    expect(state.json.user_settings).toMatchObject({
      resolved_topic_notice_auto_read_policy: 'except_followed',
    });
    const refused = await org.api(bob)('PATCH', '/settings', {
      resolved_topic_notice_auto_read_policy: 'sometimes',
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Invalid resolved_topic_notice_auto_read_policy',
    });
  });

  it('announces a change to the user, and keeps it', async () => {
    const queueId = (await org.api(dave)('POST', '/register', { event_types: ['user_settings'] }))
      .json.queue_id as string;
    await setPolicy(dave, 'never');
    const events = (await org.api(dave)('GET', '/events', { queue_id: queueId, dont_block: true }))
      .json.events as Record<string, unknown>[];
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'user_settings',
        op: 'update',
        property: 'resolved_topic_notice_auto_read_policy',
        value: 'never',
      }),
    );
  });

  it('marks the notice read on arrival as each recipient chose', async () => {
    await setPolicy(erin, 'always');
    const id = await org.sendStream(alice, 'kitchen', 'oven', 'The oven is broken');
    await follow(carol, 'oven');
    await follow(erin, 'oven');
    const resolved = await org.api(alice)('PATCH', `/messages/${id}`, {
      topic: '✔ oven',
      propagate_mode: 'change_all',
    });
    expect(resolved.status, JSON.stringify(resolved.json)).toBe(200);
    const notice = await newestIn(bob, '✔ oven');
    expect(notice.content).toContain('has marked this topic as resolved.');
    // Bob: except_followed, not following. Carol: except_followed, following.
    // Dave: never. Erin: always, though following. Alice posted it.
    expect(await readsIt(bob, '✔ oven')).toBe(true);
    expect(await readsIt(carol, '✔ oven')).toBe(false);
    expect(await readsIt(dave, '✔ oven')).toBe(false);
    expect(await readsIt(erin, '✔ oven')).toBe(true);
    expect(await readsIt(alice, '✔ oven')).toBe(true);

    // Unresolving it is a resolved-topic notice too.
    await org.api(alice)('PATCH', `/messages/${id}`, {
      topic: 'oven',
      propagate_mode: 'change_all',
    });
    expect((await newestIn(bob, 'oven')).content).toContain('has marked this topic as unresolved.');
    expect(await readsIt(bob, 'oven')).toBe(true);
    expect(await readsIt(carol, 'oven')).toBe(false);
    expect(await readsIt(dave, 'oven')).toBe(false);
  });

  it('leaves other notices of a move unread', async () => {
    const id = await org.sendStream(alice, 'kitchen', 'sink', 'The sink leaks');
    await org.api(alice)('PATCH', `/messages/${id}`, {
      topic: 'plumbing',
      propagate_mode: 'change_all',
      send_notification_to_new_thread: true,
    });
    const notice = await newestIn(bob, 'plumbing');
    expect(notice.content).toContain('moved here from');
    expect(notice.flags).not.toContain('read');
  });
});
