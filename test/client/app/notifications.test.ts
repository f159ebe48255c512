import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ShownAlert } from '../../../src-main/client/ports/notifier';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import type { HearthSound } from '../../../src-main/wire';
import type { Narrow } from '../../../src-preload/bridge';
import {
  connected,
  eventually,
  joinWithKey,
  testApps,
  type TestHearth,
} from '../../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../../helpers/org';

// Issue 14 from the server to the desktop: live events of a real host, the
// policy, do-not-disturb and the badge, as the window's notifier receives them.

let org: Org;
let alice: TestUser;
let bob: TestUser;
let kitchenId: number;

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  bob = await org.user('bob');
  for (const user of [alice, bob]) await org.subscribe(user, 'kitchen');
  kitchenId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'kitchen' })).json.stream_id;
});
afterAll(() => org.close());

const apps = testApps(createMemorySecretStore());
afterEach(async () => {
  await apps.stopAll();
  // Each test starts from Zulip's defaults and no muting.
  await org.api(alice)('PATCH', '/settings', {
    enable_desktop_notifications: true,
    enable_sounds: true,
    notification_sound: 'ember',
    desktop_icon_count_display: 1,
  });
  await org.api(alice)('POST', '/users/me/subscriptions/properties', {
    subscription_data: [{ stream_id: kitchenId, property: 'desktop_notifications', value: false }],
  });
  await org.api(alice)('POST', '/messages/flags', {
    messages: await unreadIds(),
    op: 'add',
    flag: 'read',
  });
});

const unreadIds = async (): Promise<number[]> =>
  (
    await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 1000,
      num_after: 0,
      narrow: [{ operator: 'is', operand: 'unread' }],
    })
  ).json.messages.map((message: { id: number }) => message.id);

interface Observed {
  hearth: TestHearth;
  shown: ShownAlert[];
  sounds: HearthSound[];
  navigations: { accountId: string; narrow: Narrow }[];
}

async function aliceApp(profileDir?: string): Promise<Observed> {
  const hearth = await apps.start(profileDir);
  const observed: Observed = { hearth, shown: [], sounds: [], navigations: [] };
  hearth.page.on('notification', (alert) => observed.shown.push(alert));
  hearth.page.on('sound', ({ sound }) => observed.sounds.push(sound));
  hearth.app.on('navigate', (target) => observed.navigations.push(target));
  if (!profileDir) await joinWithKey(hearth.app, org.url, alice);
  await connected(hearth.app);
  return observed;
}

const post = (user: TestUser, content: string, topic = 'soup') =>
  org
    .api(user)('POST', '/messages', { type: 'stream', to: 'kitchen', topic, content })
    .then((response) => response.json.id as number);

const dm = (user: TestUser, to: TestUser, content: string) =>
  org
    .api(user)('POST', '/messages', { type: 'private', to: [to.id], content })
    .then((response) => response.json.id as number);

// A message that always notifies: what comes before it in the queue has been
// decided once it shows, so "nothing for X" is checked without sleeping.
async function marker(observed: Observed, text: string): Promise<void> {
  await dm(bob, alice, text);
  await eventually(`"${text}" notifies`, () => observed.shown.some((alert) => alert.body === text));
}

const bodies = (observed: Observed) => observed.shown.map((alert) => alert.body);

describe('notifications of live messages', () => {
  it('notifies a mention with who, where and what, and plays the chosen sound', async () => {
    const observed = await aliceApp();
    await post(bob, '@**alice** the soup is *ready*');
    const [alert] = await eventually('the mention notifies', () =>
      observed.shown.length > 0 ? observed.shown : false,
    );
    expect(alert).toMatchObject({
      accountId: observed.hearth.app.appState().activeAccountId,
      title: `${bob.fullName} (to #kitchen > soup)`,
      body: `@${alice.fullName} the soup is ready`,
    });
    expect(observed.sounds).toEqual(['ember']);

    await org.api(alice)('PATCH', '/settings', { notification_sound: 'knock' });
    await eventually(
      'the new sound is known',
      () => observed.hearth.app.active().notificationSettings().notification_sound === 'knock',
    );
    await dm(bob, alice, 'lunch?');
    await eventually('the DM plays the new sound', () => observed.sounds.length === 2);
    expect(observed.sounds).toEqual(['ember', 'knock']);
    expect(observed.shown.at(-1)).toMatchObject({ title: bob.fullName, body: 'lunch?' });
  });

  it("gives nothing for one's own messages, ordinary stream messages, or what is already read", async () => {
    const observed = await aliceApp();
    // The mention before followed the topic for Alice, as Zulip 12 has it, and
    // a followed topic notifies; here it is an ordinary one again.
    await org.api(alice)('POST', '/user_topics', {
      stream_id: kitchenId,
      topic: 'soup',
      visibility_policy: 0,
    });
    await post(alice, 'my own @**bob** mention');
    await post(bob, 'just chatting');
    await dm(alice, bob, 'a DM I sent');
    await marker(observed, 'marker one');
    expect(bodies(observed)).toEqual(['marker one']);
  });

  it('follows the stream setting, and mutes a muted topic except for a personal mention', async () => {
    const observed = await aliceApp();
    await org.api(alice)('POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: kitchenId, property: 'desktop_notifications', value: true }],
    });
    await eventually(
      'the stream setting is known',
      () =>
        observed.hearth.app.active().cache.subscription(kitchenId)?.desktop_notifications === true,
    );
    await post(bob, 'stirring the pot');
    await eventually('the stream message notifies', () =>
      bodies(observed).includes('stirring the pot'),
    );

    await org.api(alice)('POST', '/user_topics', {
      stream_id: kitchenId,
      topic: 'soup',
      visibility_policy: 1,
    });
    await eventually(
      'the muted topic is known',
      () => observed.hearth.app.active().cache.topicPolicy(kitchenId, 'soup') === 1,
    );
    await post(bob, 'more stirring');
    await post(bob, 'in another topic', 'bread');
    await post(bob, '@**alice** taste this');
    await marker(observed, 'marker two');
    expect(bodies(observed)).toEqual([
      'stirring the pot',
      'in another topic',
      `@${alice.fullName} taste this`,
      'marker two',
    ]);
    await org.api(alice)('POST', '/user_topics', {
      stream_id: kitchenId,
      topic: 'soup',
      visibility_policy: 0,
    });
  });

  it('is silent for the conversation on screen in a focused window, and not for another', async () => {
    const observed = await aliceApp();
    const { app } = observed.hearth;
    await app.active().openNarrow({ kind: 'private', userIds: [bob.id] });
    app.setWindowFocus(true);
    await dm(bob, alice, 'you are looking at this');
    await post(bob, '@**alice** but not at this', 'bread');
    await eventually('the other conversation notifies', () => observed.shown.length > 0);
    expect(bodies(observed)).toEqual([`@${alice.fullName} but not at this`]);

    app.setWindowFocus(false);
    await marker(observed, 'the window lost the focus');
    expect(observed.shown).toHaveLength(2);
  });

  it('notifies an edit that newly mentions the reader once, and no other edit', async () => {
    const observed = await aliceApp();
    const id = await post(bob, 'who wants soup?');
    const edit = (content: string) =>
      org
        .api(bob)('PATCH', `/messages/${id}`, { content })
        .then((r) => expect(r.status).toBe(200));
    await edit('who wants soup? @**alice**');
    await eventually('the edit notifies', () => observed.shown.length === 1);
    await edit('who wants soup? @**alice** now');
    const other = await post(bob, 'plain message');
    await org.api(bob)('PATCH', `/messages/${other}`, { content: 'plain message, edited' });
    await marker(observed, 'after the edits');
    expect(bodies(observed)).toEqual([`who wants soup? @${alice.fullName}`, 'after the edits']);
  });

  it('hides a DM’s content when asked, and plays no sound for "none"', async () => {
    const observed = await aliceApp();
    await org.api(alice)('PATCH', '/settings', {
      pm_content_in_desktop_notifications: false,
      notification_sound: 'none',
    });
    await eventually(
      'the settings are known',
      () => observed.hearth.app.active().notificationSettings().notification_sound === 'none',
    );
    await dm(bob, alice, 'a secret recipe');
    await eventually('the DM notifies', () => observed.shown.length === 1);
    expect(observed.shown[0]).toMatchObject({
      title: bob.fullName,
      body: `New direct message from ${bob.fullName}`,
    });
    expect(observed.sounds).toEqual([]);
    await org.api(alice)('PATCH', '/settings', { pm_content_in_desktop_notifications: true });
  });
});

describe('do not disturb and the badge', () => {
  it('silences notifications and sounds while the badge keeps counting, and counts what another device reads', async () => {
    const observed = await aliceApp();
    const { app } = observed.hearth;
    expect(app.appState().badge).toBe(0);

    const state = await app.setDoNotDisturb('hour');
    expect(state.doNotDisturb?.until).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
    const quiet = [await dm(bob, alice, 'shh one'), await dm(bob, alice, 'shh two')];
    await eventually('the badge counts both', () => app.appState().badge === 2);
    expect(observed.shown).toEqual([]);
    expect(observed.sounds).toEqual([]);

    expect((await app.setDoNotDisturb('off')).doNotDisturb).toBeNull();
    await marker(observed, 'awake again');
    expect(bodies(observed)).toEqual(['awake again']);
    expect(observed.sounds).toEqual(['ember']);
    expect(app.appState().badge).toBe(3);

    // Another device reads the two quiet ones.
    await org.api(alice)('POST', '/messages/flags', { messages: quiet, op: 'add', flag: 'read' });
    await eventually('the badge drops to 1', () => app.appState().badge === 1);
  });

  it('counts by desktop_icon_count_display: all unread, DMs and mentions, or none', async () => {
    const observed = await aliceApp();
    const { app } = observed.hearth;
    await post(bob, 'ordinary');
    await post(bob, '@**alice** mention');
    await dm(bob, alice, 'direct');
    await eventually('all three count', () => app.appState().badge === 3);
    // Zulip 12's numbers (feature level 227): 3 is DMs and mentions, 4 none.
    await org.api(alice)('PATCH', '/settings', { desktop_icon_count_display: 3 });
    await eventually('DMs and mentions count', () => app.appState().badge === 2);
    await org.api(alice)('PATCH', '/settings', { desktop_icon_count_display: 4 });
    await eventually('nothing counts', () => app.appState().badge === 0);
  });

  it('keeps do-not-disturb across a restart until it is turned off', async () => {
    const first = await aliceApp();
    await first.hearth.app.setDoNotDisturb('untilOff');
    const profile = first.hearth.profileDir;
    await apps.stop(first.hearth);
    const again = await aliceApp(profile);
    expect(again.hearth.app.appState().doNotDisturb).toEqual({ until: null });
    await dm(bob, alice, 'still quiet');
    await eventually('the DM is counted', () => again.hearth.app.appState().badge === 1);
    expect(again.shown).toEqual([]);
  });
});

describe('the settings page behind the bridge', () => {
  it('refuses a setting out of range or an empty change, and changes nothing', async () => {
    const { hearth } = await aliceApp();
    const { service } = hearth;
    await expect(
      service.changeNotificationSettings({ patch: { desktop_icon_count_display: 7 } }),
    ).rejects.toThrow(/invalid arguments/);
    await expect(service.changeNotificationSettings({ patch: {} })).rejects.toThrow(
      /change at least one setting/,
    );
    await expect(
      service.changeStreamNotifications({
        streamId: 99_999,
        property: 'desktop_notifications',
        value: true,
      }),
    ).rejects.toThrow(/not subscribed/);
    const page = await service.getNotificationSettings({});
    expect(page.settings.desktop_icon_count_display).toBe(1);
    expect(page.sounds.map((sound) => sound.name)).toEqual([
      'ember',
      'chime',
      'ding',
      'knock',
      'pluck',
    ]);
    expect(page.sounds[1]).toEqual({ name: 'chime', path: 'sounds/chime.wav' });
    expect(page.streams.map((stream) => stream.name)).toContain('kitchen');
  });
});

describe('catching up and clicking', () => {
  it('sums up what arrived while the app was closed in one notification', async () => {
    const first = await aliceApp();
    const profile = first.hearth.profileDir;
    await apps.stop(first.hearth);
    for (const text of ['one', 'two', 'three']) await dm(bob, alice, text);
    await post(bob, '@**alice** four', 'bread');
    await post(bob, '@**alice** five', 'bread');
    const again = await aliceApp(profile);
    await eventually('the summary shows', () => again.shown.length > 0);
    await marker(again, 'live again');
    expect(bodies(again)).toEqual(['5 new messages in 2 conversations', 'live again']);
    expect(again.shown[0]?.title).toBe('Hearth');
  });

  it('sums up what waited on the server while the link was down, the queue kept', async () => {
    const observed = await aliceApp();
    const { app } = observed.hearth;
    apps.link.offline = true;
    app.resume();
    await eventually('the app sees the link is down', () =>
      app.active().connection.state === 'offline' ? true : false,
    );
    for (const text of ['a', 'b', 'c', 'd']) await dm(bob, alice, text);
    apps.link.offline = false;
    app.resume();
    await eventually('the summary shows', () => observed.shown.length > 0);
    await marker(observed, 'back online');
    expect(bodies(observed)).toEqual(['4 new messages in 1 conversation', 'back online']);
    expect(app.active().session?.queueId).toBeDefined();
  });

  it("opens a clicked notification's conversation on its account", async () => {
    const observed = await aliceApp();
    await post(bob, '@**alice** come to the bakery', 'bread');
    const [alert] = await eventually('the mention notifies', () =>
      observed.shown.length > 0 ? observed.shown : false,
    );
    observed.hearth.app.openAlert(alert?.id ?? '');
    expect(observed.navigations).toEqual([
      {
        accountId: alert?.accountId,
        narrow: { kind: 'stream', streamId: kitchenId, topic: 'bread' },
      },
    ]);
    observed.hearth.app.openAlert('no such notification');
    expect(observed.navigations).toHaveLength(1);
  });
});
