import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../../src-main/client/api';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { eventually, testApps, type TestHearth } from '../../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../../helpers/org';

// Issue 15: the stream browser, subscription settings and muted topics,
// through the bridge, against a Hearth organization on loopback. Changes are
// asked of the server; what the bridge reads follows the server's events.

let org: Org;
let mia: TestUser;
let kitchenId: number;

beforeAll(async () => {
  org = await startOrg();
  mia = await org.user('mia');
  await org.subscribe(mia, 'kitchen');
  kitchenId = (await org.api(mia)('GET', '/get_stream_id', { stream: 'kitchen' })).json.stream_id;
  await org.api(org.owner)('POST', '/users/me/subscriptions', {
    subscriptions: [{ name: 'boardroom' }],
    invite_only: true,
  });
  await org.api(mia)('POST', '/messages', {
    type: 'stream',
    to: 'kitchen',
    topic: 'lunch',
    content: 'Soup',
  });
});
afterAll(() => org.close());

const apps = testApps(createMemorySecretStore());
afterEach(() => apps.stopAll());

const signedIn = (user: TestUser): Promise<TestHearth> => apps.signedIn(org.url, user);

const policyOf = async (topic: string) =>
  (
    (await org.api(mia)('POST', '/register', { event_types: ['user_topic'] })).json.user_topics as {
      stream_id: number;
      topic_name: string;
      visibility_policy: number;
    }[]
  ).find((row) => row.stream_id === kitchenId && row.topic_name === topic)?.visibility_policy ?? 0;

describe('streams through the bridge', () => {
  it('refuses what the renderer may not ask: a colour that is no hex code, an empty name', async () => {
    const { service } = await signedIn(mia);
    await expect(
      service.changeSubscription({
        streamId: kitchenId,
        change: { property: 'color', value: 'red' },
      }),
    ).rejects.toThrow(/invalid arguments/);
    await expect(
      service.changeSubscription({
        streamId: kitchenId,
        change: { property: 'pin_to_top', value: 'yes' as unknown as boolean },
      }),
    ).rejects.toThrow(/invalid arguments/);
    await expect(
      service.createStream({ name: '  ', description: '', inviteOnly: false, announce: false }),
    ).rejects.toThrow(/invalid arguments/);
  });

  it("lists the streams mia may see, and one created elsewhere once the server's event comes", async () => {
    const { service } = await signedIn(mia);
    const names = async () => (await service.listStreams({})).streams.map((row) => row.name);
    expect(await names()).toEqual(['general', 'kitchen']);
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'attic', description: 'Boxes' }],
    });
    await eventually('attic is listed', async () => (await names()).includes('attic'));
    expect((await service.listStreams({})).streams[0]).toEqual({
      streamId: expect.any(Number),
      name: 'attic',
      renderedDescription: '<p>Boxes</p>',
      inviteOnly: false,
      subscribed: false,
      color: null,
      archived: false,
    });
  });

  it('refuses a name taken by a stream mia sees, without asking, and shows the server refusing a hidden one', async () => {
    const { service } = await signedIn(mia);
    const draft = { description: '', inviteOnly: false, announce: false };
    await expect(service.createStream({ name: 'KITCHEN', ...draft })).rejects.toThrow(
      'A channel named #kitchen already exists.',
    );
    await expect(service.createStream({ name: 'boardroom', ...draft })).rejects.toThrow(
      'Unable to access channel (boardroom).',
    );
  });

  it("reads a stream's settings, which follow the server's events; a stream left has none", async () => {
    const { service } = await signedIn(mia);
    const settings = await service.getStreamSettings({ streamId: kitchenId });
    expect(settings).toMatchObject({ name: 'kitchen', pinned: false, muted: false });
    expect(settings.notifications.map((row) => [row.property, row.value])).toEqual([
      ['desktop_notifications', null],
      ['audible_notifications', null],
      ['push_notifications', null],
      ['email_notifications', null],
      ['wildcard_mentions_notify', null],
    ]);
    await service.changeSubscription({
      streamId: kitchenId,
      change: { property: 'email_notifications', value: true },
    });
    await eventually(
      'the email setting follows',
      async () =>
        (await service.getStreamSettings({ streamId: kitchenId })).notifications.find(
          (row) => row.property === 'email_notifications',
        )?.value === true,
    );
    const general = (await service.listStreams({})).streams.find((row) => row.name === 'general');
    await service.unsubscribeFromStream({ streamId: general?.streamId ?? 0 });
    await eventually('general is left', async () =>
      (await service.listStreams({})).streams.some(
        (row) => row.name === 'general' && !row.subscribed,
      ),
    );
    await expect(service.getStreamSettings({ streamId: general?.streamId ?? 0 })).rejects.toThrow(
      'You are not subscribed to that channel.',
    );
    await service.subscribeToStream({ streamId: general?.streamId ?? 0 });
    await eventually('general is joined again', async () =>
      (await service.listStreams({})).streams.some(
        (row) => row.name === 'general' && row.subscribed,
      ),
    );
  });

  it("mutes and unmutes a topic as Zulip's web app does, in a muted stream too", async () => {
    const { app, service } = await signedIn(mia);
    const sidebarTopic = () =>
      app
        .active()
        .snapshot()
        .streams.find((stream) => stream.streamId === kitchenId)
        ?.topics.find((topic) => topic.name === 'lunch');
    const page = await service.openNarrow({ narrow: { kind: 'stream', streamId: kitchenId } });
    const ids = page.messages.map((message) => message.id);
    await service.changeFlags({ messageIds: ids, flag: 'read', op: 'add' });
    await eventually('lunch is read', () => sidebarTopic()?.unread === 0);

    await service.setTopicMuted({ streamId: kitchenId, topic: 'lunch', muted: true });
    expect(await policyOf('lunch')).toBe(1);
    await eventually('the muted topic is listed', async () =>
      (await service.listMutedTopics({})).topics.some((row) => row.topic === 'lunch'),
    );
    // Read, so not counted: its muting comes from its policy.
    await eventually('the sidebar dims it', () => sidebarTopic()?.muted === true);

    await service.setTopicMuted({ streamId: kitchenId, topic: 'lunch', muted: false });
    expect(await policyOf('lunch')).toBe(0);
    await eventually('the sidebar shows it again', () => sidebarTopic()?.muted === false);

    await service.changeSubscription({
      streamId: kitchenId,
      change: { property: 'is_muted', value: true },
    });
    await eventually('the stream is muted', () => sidebarTopic()?.muted === true);
    await service.setTopicMuted({ streamId: kitchenId, topic: 'lunch', muted: false });
    expect(await policyOf('lunch')).toBe(2);
    await eventually(
      'the unmuted topic shows in the muted stream',
      () => sidebarTopic()?.muted === false,
    );
    expect((await service.listMutedTopics({})).topics).toEqual([]);
  });

  it("speaks to an older server's muted_topics endpoint too", async () => {
    const api = createApi({ serverUrl: org.url, email: mia.email, apiKey: mia.apiKey });
    await api.setTopicMutedLegacy(kitchenId, 'supper', true);
    expect(await policyOf('supper')).toBe(1);
    await api.setTopicMutedLegacy(kitchenId, 'supper', false);
    expect(await policyOf('supper')).toBe(0);
  });
});
