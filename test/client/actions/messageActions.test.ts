import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { narrowOfHash } from '../../../src-main/client/links/linkTargets';
import { eventually, testApps, type TestHearth } from '../../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../../helpers/org';

// Issue 15, point 3: the message menu's actions, through the bridge, against a
// Hearth organization on loopback.

let org: Org;
let member: TestUser;
let kitchenId: number;

beforeAll(async () => {
  org = await startOrg();
  member = await org.user('mia');
  await org.subscribe(org.owner, 'kitchen');
  await org.subscribe(member, 'kitchen');
  kitchenId = (await org.api(org.owner)('GET', '/get_stream_id', { stream: 'kitchen' })).json
    .stream_id;
});
afterAll(() => org.close());

const apps = testApps(createMemorySecretStore());
afterEach(() => apps.stopAll());

const signedIn = (user: TestUser): Promise<TestHearth> => apps.signedIn(org.url, user);

async function say(user: TestUser, topic: string, content: string): Promise<number> {
  const sent = await org.api(user)('POST', '/messages', {
    type: 'stream',
    to: 'kitchen',
    topic,
    content,
  });
  expect(sent.status).toBe(200);
  return sent.json.id as number;
}

const onServer = async (user: TestUser, id: number) =>
  (await org.api(user)('GET', `/messages/${id}`, { apply_markdown: false })).json.message;

describe('message actions', () => {
  it('edit a message and its topic, and show the versions, the source and a link that leads back', async () => {
    const { app, service } = await signedIn(member);
    const id = await say(member, 'pasta', 'Boil the **water** first');
    const topic = { kind: 'stream' as const, streamId: kitchenId, topic: 'pasta' };
    await service.openNarrow({ narrow: topic });

    await service.editMessage({ messageId: id, content: 'Boil the **salted** water first' });
    await eventually('the edit reaches the cache', () =>
      app
        .active()
        .cache.messagesAmong({ kind: 'all' }, [id])[0]
        ?.content.includes('<strong>salted</strong>'),
    );
    expect((await onServer(member, id)).content).toBe('Boil the **salted** water first');
    expect(await service.messageSource({ messageId: id })).toEqual({
      source: 'Boil the **salted** water first',
    });

    await service.editMessage({ messageId: id, topic: 'noodles', propagateMode: 'change_all' });
    await eventually(
      'the move reaches the cache',
      () => app.active().cache.messagesAmong({ kind: 'all' }, [id])[0]?.subject === 'noodles',
    );

    const { versions } = await service.messageHistory({ messageId: id });
    expect(versions.map((version) => version.topic)).toEqual(['pasta', 'pasta', 'noodles']);
    expect(versions.map((version) => version.author)).toEqual([
      member.fullName,
      member.fullName,
      member.fullName,
    ]);
    expect(versions[0]?.contentDiff).toBeNull();
    expect(versions[1]?.contentDiff).toMatch(/salted/);
    expect(versions[2]?.previousTopic).toBe('pasta');

    const { url } = await service.messageLink({ messageId: id });
    expect(url).toBe(`${org.url}/#narrow/stream/${kitchenId}-kitchen/topic/noodles/near/${id}`);
    expect(narrowOfHash(new URL(url).hash, member.id)).toEqual({
      kind: 'stream',
      streamId: kitchenId,
      topic: 'noodles',
    });
  });

  it('refuse an edit of someone else’s message with the server’s reason, and change nothing', async () => {
    const { service } = await signedIn(member);
    const id = await say(org.owner, 'bread', 'Knead for ten minutes');
    await expect(
      service.editMessage({ messageId: id, content: 'Knead for an hour' }),
    ).rejects.toThrow(/permission/);
    expect((await onServer(org.owner, id)).content).toBe('Knead for ten minutes');
    await expect(service.editMessage({ messageId: id, content: '   ' })).rejects.toThrow(
      /invalid arguments/,
    );
  });

  it('mark a message and the later ones of the narrow unread, leaving the earlier ones read', async () => {
    const { app, service } = await signedIn(member);
    const [one, two, three, four] = [
      await say(org.owner, 'soup', 'one'),
      await say(org.owner, 'soup', 'two'),
      await say(org.owner, 'soup', 'three'),
      await say(org.owner, 'soup', 'four'),
    ];
    const ids = [one, two, three, four];
    const soup = { kind: 'stream' as const, streamId: kitchenId, topic: 'soup' };
    await service.changeFlags({ messageIds: ids, flag: 'read', op: 'add' });
    await eventually(
      'all are read',
      () =>
        app.active().cache.unreadIdsIn({ kind: 'topic', streamId: kitchenId, topic: 'soup' })
          .length === 0,
    );

    await service.markUnreadFrom({ narrow: soup, messageId: three });
    await eventually('the last two are unread', () => {
      const unread = app
        .active()
        .cache.unreadIdsIn({ kind: 'topic', streamId: kitchenId, topic: 'soup' });
      return unread.length === 2 && unread;
    });
    expect(
      app.active().cache.unreadIdsIn({ kind: 'topic', streamId: kitchenId, topic: 'soup' }),
    ).toEqual(ids.slice(2));
    const flags = await Promise.all(ids.map(async (id) => (await onServer(member, id)).flags));
    expect(flags.map((flag: string[]) => flag.includes('read'))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('let an administrator delete a message, which leaves the feed, and tell a member the rules', async () => {
    const owner = await signedIn(org.owner);
    const id = await say(member, 'cake', 'Oops, wrong stream');
    const cake = { kind: 'stream' as const, streamId: kitchenId, topic: 'cake' };
    const feed: number[][] = [];
    owner.service.subscribe((event, payload) => {
      if (event === 'feed') feed.push((payload as { deleted: number[] }).deleted);
    });
    await owner.service.openNarrow({ narrow: cake });
    expect((await owner.service.getSnapshot({})).messageRules).toMatchObject({
      deleteAny: true,
      editContent: true,
    });

    await owner.service.deleteMessage({ messageId: id });
    await eventually('the deletion reaches the feed', () =>
      feed.some((deleted) => deleted.includes(id)),
    );
    expect((await org.api(org.owner)('GET', `/messages/${id}`)).json.code).toBe('BAD_REQUEST');
    await apps.stop(owner);

    const mia = await signedIn(member);
    const rules = (await mia.service.getSnapshot({})).messageRules;
    // Hearth lets only administrators delete, as Zulip's default delete_own_message_policy.
    expect(rules).toMatchObject({ deleteAny: false, deleteOwn: false, editContent: true });
    const kept = await say(member, 'cake', 'Three eggs');
    await expect(mia.service.deleteMessage({ messageId: kept })).rejects.toThrow(/permission/);
    expect((await onServer(member, kept)).content).toBe('Three eggs');
  });
});
