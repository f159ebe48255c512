import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { eventually, testApps } from '../../helpers/hearth';
import { oldZulip, modernZulip, type TestServer } from '../../helpers/serverKinds';

// Issue 52, point 10: following a topic through the bridge (Zulip 8, feature
// level 219): the server keeps visibility_policy 3, and its user_topic event
// marks the topic followed in the snapshot the window reads.

const apps = testApps(createMemorySecretStore());
afterEach(() => apps.stopAll());

const policyOf = async (server: TestServer, streamId: number, topic: string) => {
  const registered = await server.api(server.me)('POST', '/register', {
    fetch_event_types: JSON.stringify(['user_topic']),
  });
  const topics = registered.json.user_topics as {
    stream_id: number;
    topic_name: string;
    visibility_policy: number;
  }[];
  return topics.find((each) => each.stream_id === streamId && each.topic_name === topic)
    ?.visibility_policy;
};

describe('following a topic on a Zulip 12 server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await modernZulip.start({ heartbeatMs: 300 });
  });
  afterAll(() => server.close());

  it('follows and unfollows, and the snapshot follows the server’s events', async () => {
    const [denmark] = server.channels;
    const { app, service } = await apps.signedIn(server.url, server.me);
    expect(app.active().snapshot().followedTopics).toEqual([]);

    await service.setTopicFollowed({ streamId: denmark.id, topic: 'ghosts', followed: true });
    expect(await policyOf(server, denmark.id, 'ghosts')).toBe(3);
    await eventually('the snapshot marks it followed', () =>
      app
        .active()
        .snapshot()
        .followedTopics?.some((each) => each.streamId === denmark.id && each.topic === 'ghosts'),
    );

    await service.setTopicFollowed({ streamId: denmark.id, topic: 'ghosts', followed: false });
    expect(await policyOf(server, denmark.id, 'ghosts')).toBeUndefined();
    await eventually(
      'the snapshot no longer marks it',
      () => app.active().snapshot().followedTopics?.length === 0,
    );
  });
});

describe('a Zulip 7.0 server, before followed topics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await oldZulip.start({ heartbeatMs: 300 });
  });
  afterAll(() => server.close());

  it('offers no following, and refuses it without asking the server', async () => {
    const [denmark] = server.channels;
    const { app, service } = await apps.signedIn(server.url, server.me);
    expect(app.active().snapshot().followedTopics).toBeNull();
    await expect(
      service.setTopicFollowed({ streamId: denmark.id, topic: 'ghosts', followed: true }),
    ).rejects.toThrow('This server does not let topics be followed.');
    expect(await policyOf(server, denmark.id, 'ghosts')).toBeUndefined();
  });
});
