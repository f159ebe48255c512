import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { eventually, testApps } from '../../helpers/hearth';
import type { TestUser } from '../../helpers/org';
import { serverKinds, type TestServer } from '../../helpers/serverKinds';

// Issue 36, point 8: "Delete topic" from Hearth's client, for administrators,
// against a Hearth host and a Zulip server alike: the count the confirmation
// names, the deletion, and the messages leaving the cache and the feed.

const apps = testApps(createMemorySecretStore());
afterEach(() => apps.stopAll());

describe.each(serverKinds)('deleting a topic, on $name', (kind) => {
  let server: TestServer;
  let me: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    server = await kind.start();
    ({ me, other } = server);
  });
  afterAll(() => server.close());

  const signedIn = (user: TestUser) => apps.signedIn(server.url, user);

  const idsOnServer = async (streamId: number, topic: string): Promise<number[]> =>
    (
      await server.api(other)('GET', '/messages', {
        anchor: 'newest',
        num_before: 100,
        num_after: 0,
        narrow: JSON.stringify([
          { operator: 'stream', operand: streamId },
          { operator: 'topic', operand: topic },
        ]),
      })
    ).json.messages.map((message: { id: number }) => message.id);

  it('counts the topic it holds, deletes it, and the messages leave the feed and the cache', async () => {
    const [channel] = server.channels;
    const ids = [
      await server.send(other, channel, 'leftovers', 'one'),
      await server.send(me, channel, 'leftovers', 'two'),
      await server.send(other, channel, 'leftovers', 'three'),
    ];
    const kept = await server.send(other, channel, 'mains', 'stays');
    const admin = await signedIn(server.admin);
    expect(admin.app.active().snapshot().may.deleteTopics).toBe(true);
    const deleted: number[] = [];
    admin.service.subscribe((event, payload) => {
      if (event === 'feed') deleted.push(...(payload as { deleted: number[] }).deleted);
    });
    const topic = { streamId: channel.id, topic: 'leftovers' };
    await admin.service.openNarrow({ narrow: { kind: 'stream', ...topic } });
    expect(await admin.service.topicMessageCount(topic)).toEqual({ count: 3 });

    await admin.service.deleteTopic(topic);
    expect(await idsOnServer(channel.id, 'leftovers')).toEqual([]);
    expect(await idsOnServer(channel.id, 'mains')).toEqual([kept]);
    await eventually('the feed drops every message', () => ids.every((id) => deleted.includes(id)));
    expect(admin.app.active().cache.messagesAmong({ kind: 'all' }, ids)).toEqual([]);
    expect(await admin.service.topicMessageCount(topic)).toEqual({ count: 0 });
  });

  it('offers nothing to a member, and refuses a deletion asked for all the same, or offline', async () => {
    const [channel] = server.channels;
    const id = await server.send(other, channel, 'keep', 'mine');
    const member = await signedIn(me);
    expect(member.app.active().snapshot().may.deleteTopics).toBe(false);
    await expect(
      member.service.deleteTopic({ streamId: channel.id, topic: 'keep' }),
    ).rejects.toThrow('Only the organization’s administrators delete topics.');
    await apps.stop(member);

    // Restarted with the cable pulled, the app knows at once that it is
    // offline, rather than when its long poll under way gives up.
    const admin = await apps.restartOffline(await signedIn(server.admin));
    await expect(
      admin.service.deleteTopic({ streamId: channel.id, topic: 'keep' }),
    ).rejects.toThrow(/offline, so the topic was not deleted/);
    apps.link.offline = false;
    expect(await idsOnServer(channel.id, 'keep')).toEqual([id]);
  });
});
