import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userTopicEventSchema } from '../../../src-main/wire';
import { startZulipDouble, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf, hearthCapabilities } from '../../helpers/doubleClients';

// POST /user_topics (feature level 170) on the Zulip 12 double: a topic's
// visibility policy for one user, its event, and register's user_topics.
let double: ZulipDouble;
let clients: ReturnType<typeof clientsOf>;
beforeEach(async () => {
  double = await startZulipDouble();
  clients = clientsOf(double);
});
afterEach(() => double.close());

describe('topic visibility policies on the Zulip double', () => {
  it('mutes and follows topics for the user alone, and register lists them', async () => {
    const { users, streams } = double;
    const hamlet = await clients.listen(users.member);
    const cordelia = await clients.listen(users.member2);
    await clients.apiFor(users.member).setTopicVisibility(streams.denmark, 'Copenhagen', 1);
    await clients.raw(users.member)('POST', '/user_topics', {
      stream_id: streams.scotland,
      topic: 'castle',
      visibility_policy: 3,
    });
    const events = (await hamlet.drain()).map((event) => userTopicEventSchema.parse(event));
    expect(events).toMatchObject([
      { stream_id: streams.denmark, topic_name: 'Copenhagen', visibility_policy: 1 },
      { stream_id: streams.scotland, topic_name: 'castle', visibility_policy: 3 },
    ]);
    expect(await cordelia.drain()).toEqual([]);
    expect((await clients.stateOf(users.member)).user_topics).toEqual([
      expect.objectContaining({
        stream_id: streams.denmark,
        topic_name: 'Copenhagen',
        visibility_policy: 1,
      }),
      expect.objectContaining({
        stream_id: streams.scotland,
        topic_name: 'castle',
        visibility_policy: 3,
      }),
    ]);
    expect((await clients.stateOf(users.member2)).user_topics).toEqual([]);

    await clients.apiFor(users.member).setTopicVisibility(streams.denmark, 'copenhagen', 0);
    expect(await hamlet.drain()).toMatchObject([
      { type: 'user_topic', topic_name: 'copenhagen', visibility_policy: 0 },
    ]);
    expect((await clients.stateOf(users.member)).user_topics).toEqual([
      expect.objectContaining({ topic_name: 'castle' }),
    ]);
  });

  it('takes the empty topic, named as the client reads it', async () => {
    const { users, streams } = double;
    const modern = await clients.listen(users.member);
    const older = await clients.listen(users.member, {
      ...hearthCapabilities,
      empty_topic_name: false,
    });
    // The organization's name for the empty topic means the empty topic.
    await clients.apiFor(users.member).setTopicVisibility(streams.denmark, 'general chat', 1);
    expect(await modern.drain()).toMatchObject([{ type: 'user_topic', topic_name: '' }]);
    expect(await older.drain()).toMatchObject([{ type: 'user_topic', topic_name: 'general chat' }]);
    expect((await clients.stateOf(users.member)).user_topics).toMatchObject([
      { stream_id: streams.denmark, topic_name: '', visibility_policy: 1 },
    ]);
  });

  it('refuses a channel the user cannot read, and an unknown policy', async () => {
    const { users, streams } = double;
    const call = clients.raw(users.member2);
    const hidden = await call('POST', '/user_topics', {
      stream_id: streams.verona,
      topic: 'secrets',
      visibility_policy: 1,
    });
    expect(hidden).toMatchObject({
      status: 400,
      json: { code: 'BAD_REQUEST', msg: 'Invalid channel ID' },
    });
    const unknown = await call('POST', '/user_topics', {
      stream_id: streams.denmark,
      topic: 'lunch',
      visibility_policy: 4,
    });
    expect(unknown.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid visibility_policy' });
  });
});
