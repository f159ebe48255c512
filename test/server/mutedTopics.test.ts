import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('muted topics', () => {
  let org: Org;
  let alice: TestUser;
  let streamId: number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'design');
    streamId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json.stream_id;
  });
  afterAll(() => org.close());

  const mute = (params: Record<string, unknown>) =>
    org.api(alice)('PATCH', '/users/me/subscriptions/muted_topics', params);
  const mutedTopics = async () =>
    (await org.api(alice)('POST', '/register', { event_types: ['muted_topics'] })).json
      .muted_topics;

  it('mutes a topic nobody wrote in yet, by stream name, and lists it at register', async () => {
    const response = await mute({ stream: 'design', topic: 'colors', op: 'add' });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    expect(await mutedTopics()).toEqual([['design', 'colors', expect.any(Number)]]);
  });

  it('refuses to mute a muted topic again', async () => {
    const response = await mute({ stream_id: streamId, topic: 'Colors', op: 'add' });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ result: 'error', msg: 'Topic already muted' });
  });

  it('unmutes by stream ID, then refuses to unmute what is not muted', async () => {
    expect((await mute({ stream_id: streamId, topic: 'colors', op: 'remove' })).json.result).toBe(
      'success',
    );
    expect(await mutedTopics()).toEqual([]);
    const again = await mute({ stream_id: streamId, topic: 'colors', op: 'remove' });
    expect(again.json).toMatchObject({ result: 'error', msg: 'Topic is not muted' });
  });

  it('sends the whole muted_topics list as an event', async () => {
    const { queue_id } = (
      await org.api(alice)('POST', '/register', { event_types: ['muted_topics'] })
    ).json;
    await mute({ stream: 'design', topic: 'fonts', op: 'add' });
    const { events } = (await org.api(alice)('GET', '/events', { queue_id, dont_block: true }))
      .json;
    expect(events).toEqual([
      expect.objectContaining({
        type: 'muted_topics',
        muted_topics: [['design', 'fonts', expect.any(Number)]],
      }),
    ]);
  });

  it('needs exactly one of stream and stream_id, and a known op', async () => {
    // Zulip 12's words; 7.0 said "Please supply 'stream'." and "Please choose one".
    expect((await mute({ topic: 't', op: 'add' })).json).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: "Missing 'stream_id' argument",
    });
    expect(
      (await mute({ stream: 'design', stream_id: streamId, topic: 't', op: 'add' })).json,
    ).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Unsupported parameter combination: stream_id, stream',
      parameters: 'stream_id, stream',
    });
    expect((await mute({ stream: 'design', topic: 't', op: 'toggle' })).status).toBe(400);
    expect((await mute({ stream: 'atlantis', topic: 't', op: 'add' })).json.msg).toBe(
      "Invalid channel name 'atlantis'",
    );
  });
});
