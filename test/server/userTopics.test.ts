import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('topic visibility policies (user_topics)', () => {
  let org: Org;
  let alice: TestUser;
  let designId: number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'design');
    designId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json.stream_id;
  });
  afterAll(() => org.close());

  const setPolicy = (topic: string, visibility_policy: unknown, stream_id: unknown = designId) =>
    org.api(alice)('POST', '/user_topics', { stream_id, topic, visibility_policy });
  // Zulip leaves muted_topics out for a client that names user_topic as well,
  // so each list is fetched on its own.
  const state = async () => {
    const fetch = async (type: string) =>
      (await org.api(alice)('POST', '/register', { fetch_event_types: [type] })).json;
    const modern = await fetch('user_topic');
    const legacy = await fetch('muted_topics');
    return {
      user_topics: modern.user_topics,
      muted_topics: legacy.muted_topics,
      queue_id: modern.queue_id,
    } as { user_topics: unknown[]; muted_topics: unknown[]; queue_id: string };
  };

  it('mutes a topic, listing it in user_topics and in the legacy muted_topics', async () => {
    expect((await setPolicy('noise', 1)).json).toEqual({ result: 'success', msg: '' });
    const { user_topics, muted_topics } = await state();
    expect(user_topics).toEqual([
      {
        stream_id: designId,
        topic_name: 'noise',
        last_updated: expect.any(Number),
        visibility_policy: 1,
      },
    ]);
    expect(muted_topics).toEqual([['design', 'noise', expect.any(Number)]]);
  });

  it('unmutes a topic of a muted stream without listing it as muted', async () => {
    await org.api(alice)('POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: designId, property: 'is_muted', value: true }],
    });
    await setPolicy('signal', 2);
    const { user_topics, muted_topics } = await state();
    expect(user_topics).toEqual([
      expect.objectContaining({ topic_name: 'noise', visibility_policy: 1 }),
      expect.objectContaining({ topic_name: 'signal', visibility_policy: 2 }),
    ]);
    expect(muted_topics).toEqual([['design', 'noise', expect.any(Number)]]);
  });

  it('changes a policy in place, whatever the letter case', async () => {
    await setPolicy('NOISE', 2);
    const { user_topics, muted_topics } = await state();
    expect(user_topics).toEqual([
      expect.objectContaining({ topic_name: 'noise', visibility_policy: 2 }),
      expect.objectContaining({ topic_name: 'signal', visibility_policy: 2 }),
    ]);
    expect(muted_topics).toEqual([]);
  });

  it('clears a policy with 0', async () => {
    await setPolicy('noise', 0);
    await setPolicy('signal', 0);
    expect((await state()).user_topics).toEqual([]);
  });

  it('sends user_topic and the legacy muted_topics list to the user only', async () => {
    const { queue_id } = await state();
    const bob = await org.user('bob');
    await org.subscribe(bob, 'design');
    const bobsQueue = (await org.api(bob)('POST', '/register', {})).json.queue_id;
    await setPolicy('lunch', 1);
    const events = (
      await org.api(alice)('GET', '/events', { queue_id, last_event_id: -1, dont_block: true })
    ).json.events.filter((event: { type: string }) => event.type.includes('topic'));
    expect(events).toEqual([
      {
        id: expect.any(Number),
        type: 'muted_topics',
        muted_topics: [['design', 'lunch', expect.any(Number)]],
      },
      {
        id: expect.any(Number),
        type: 'user_topic',
        stream_id: designId,
        topic_name: 'lunch',
        last_updated: expect.any(Number),
        visibility_policy: 1,
      },
    ]);
    const bobs = (
      await org.api(bob)('GET', '/events', {
        queue_id: bobsQueue,
        last_event_id: -1,
        dont_block: true,
      })
    ).json.events;
    expect(bobs.filter((event: { type: string }) => event.type.includes('topic'))).toEqual([]);
  });

  it('refuses a policy Zulip 12 does not know, naming it', async () => {
    for (const policy of [4, -1, 'muted']) {
      const response = await setPolicy('x', policy);
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ code: 'BAD_REQUEST', var_name: 'visibility_policy' });
    }
    expect((await setPolicy('x', 4)).json.msg).toBe(
      'Invalid visibility_policy: Value error, Not in the list of possible values',
    );
  });

  it('refuses a stream the user cannot see', async () => {
    const response = await setPolicy('x', 1, 999_999);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ result: 'error', msg: 'Invalid channel ID' });
  });

  it('moves every policy with a topic renamed as a whole', async () => {
    await setPolicy('old name', 2);
    const sent = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'old name',
      content: 'hello',
    });
    const edited = await org.api(alice)('PATCH', `/messages/${sent.json.id}`, {
      topic: 'new name',
      propagate_mode: 'change_all',
    });
    expect(edited.status).toBe(200);
    const { user_topics } = await state();
    expect(user_topics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ topic_name: 'new name', visibility_policy: 2 }),
      ]),
    );
    expect(user_topics).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ topic_name: 'old name' })]),
    );
  });

  it('keeps policies across a restart', async () => {
    const before = (await state()).user_topics;
    await org.restart();
    expect((await state()).user_topics).toEqual(before);
  });
});
