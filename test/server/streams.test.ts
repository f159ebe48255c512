import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('streams and topics', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'announcements');
    await org.api(bob)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'secret' }],
      invite_only: true,
    });
  });
  afterAll(() => org.close());

  const names = (response: { json: { streams: { name: string }[] } }) =>
    response.json.streams.map((stream) => stream.name);
  const streamId = async (name: string, as = org.owner) =>
    (await org.api(as)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;
  const send = (user: TestUser, stream: string, topic: string) =>
    org.api(user)('POST', '/messages', { type: 'stream', to: stream, topic, content: 'hi' });

  it('lists public and subscribed streams by default, sorted by name', async () => {
    expect(names(await org.api(alice)('GET', '/streams'))).toEqual([
      'announcements',
      'design',
      'general',
    ]);
    expect(names(await org.api(bob)('GET', '/streams'))).toEqual([
      'announcements',
      'design',
      'general',
      'secret',
    ]);
  });

  it('narrows the list with include_public and include_subscribed', async () => {
    const subscribedOnly = await org.api(alice)('GET', '/streams', { include_public: false });
    expect(names(subscribedOnly)).toEqual(['design', 'general']);
    const publicOnly = await org.api(bob)('GET', '/streams', { include_subscribed: false });
    expect(names(publicOnly)).toEqual(['announcements', 'design', 'general']);
  });

  // Zulip 10 (feature level 356): include_all (include_all_active before it)
  // is anyone's, and lists the channels they see.
  it('gives every active stream each one sees, all of them to administrators', async () => {
    const all = await org.api(org.owner)('GET', '/streams', { include_all_active: true });
    expect(names(all)).toEqual(['announcements', 'design', 'general', 'secret']);
    const seen = await org.api(alice)('GET', '/streams', { include_all: true });
    expect(names(seen)).toEqual(['announcements', 'design', 'general']);
  });

  it('includes the default streams, marking them, when asked', async () => {
    const refused = await org.api(alice)('POST', '/default_streams', {
      stream_id: await streamId('design'),
    });
    expect(refused.status).toBe(400);
    await org.api(org.owner)('POST', '/default_streams', { stream_id: await streamId('design') });
    const response = await org.api(alice)('GET', '/streams', {
      include_public: false,
      include_subscribed: false,
      include_default: true,
    });
    // `general` is the default stream every new organization starts with.
    expect(response.json.streams).toEqual([
      expect.objectContaining({ name: 'design', is_default: true }),
      expect.objectContaining({ name: 'general', is_default: true }),
    ]);
  });

  it('answers get_stream_id for visible streams only', async () => {
    expect((await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json).toEqual({
      result: 'success',
      msg: '',
      stream_id: expect.any(Number),
    });
    for (const hidden of ['secret', 'atlantis']) {
      const response = await org.api(alice)('GET', '/get_stream_id', { stream: hidden });
      expect(response.status).toBe(400);
      expect(response.json.msg).toBe(`Invalid channel name '${hidden}'`);
    }
  });

  it('lists a stream’s topics newest first, merging spellings under the latest', async () => {
    await send(alice, 'design', 'colors');
    await send(alice, 'design', 'fonts');
    await send(alice, 'design', 'Colors');
    const id = await streamId('design');
    const response = await org.api(bob)('GET', `/users/me/${id}/topics`);
    const latest = (
      await org.api(alice)('GET', '/messages', { anchor: 'newest', num_before: 1, num_after: 0 })
    ).json.messages[0].id;
    expect(response.json.topics).toEqual([
      { name: 'Colors', max_id: latest },
      { name: 'fonts', max_id: latest - 1 },
    ]);
  });

  it('shows a private stream’s topics only to members, and only what they may read', async () => {
    await send(bob, 'secret', 'before');
    const id = await streamId('secret', bob);
    const outsider = await org.api(alice)('GET', `/users/me/${id}/topics`);
    expect(outsider.json).toMatchObject({ result: 'error', msg: 'Invalid channel ID' });
    await org.api(bob)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'secret' }],
      principals: [alice.email],
    });
    await send(bob, 'secret', 'after');
    const topics = (await org.api(alice)('GET', `/users/me/${id}/topics`)).json.topics;
    expect(topics.map((topic: { name: string }) => topic.name)).toEqual(['after']);
    const bobs = (await org.api(bob)('GET', `/users/me/${id}/topics`)).json.topics;
    expect(bobs.map((topic: { name: string }) => topic.name)).toEqual(['after', 'before']);
  });
});
