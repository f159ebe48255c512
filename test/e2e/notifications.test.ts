import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 14, point 10, in Chromium: real Web Notifications and real playback
// through the window's <audio> element, from a real host's live events.

interface Seen {
  title: string;
  body: string;
  silent: boolean;
}

// Every Notification the page creates is kept, still the browser's own, so
// the test can read it and click it as the desktop would; and every sound that
// starts playing is written down.
const observe = () => {
  const scope = window as unknown as {
    shownNotifications: Notification[];
    playedSounds: string[];
  };
  scope.shownNotifications = [];
  scope.playedSounds = [];
  const Real = window.Notification;
  const Observed = function (title: string, options?: NotificationOptions) {
    const notification = new Real(title, options);
    scope.shownNotifications.push(notification);
    return notification;
  } as unknown as typeof Notification;
  Object.defineProperty(Observed, 'permission', { get: () => Real.permission });
  Observed.requestPermission = (...args) => Real.requestPermission(...args);
  window.Notification = Observed;
  document.addEventListener(
    'playing',
    (event) => scope.playedSounds.push((event.target as HTMLMediaElement).currentSrc),
    true,
  );
};

const shown = (page: Page): Promise<Seen[]> =>
  page.evaluate(() =>
    (window as unknown as { shownNotifications: Notification[] }).shownNotifications.map(
      (notification) => ({
        title: notification.title,
        body: notification.body,
        silent: notification.silent === true,
      }),
    ),
  );

const played = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { playedSounds: string[] }).playedSounds);

describe('desktop notifications in the window', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let kitchenId: number;
  let ui: RendererPage;
  let page: Page;

  const post = (content: string, topic: string) =>
    org.api(bob)('POST', '/messages', { type: 'stream', to: 'kitchen', topic, content });
  const dm = (content: string) =>
    org.api(bob)('POST', '/messages', { type: 'private', to: [alice.id], content });

  // What comes before a DM in the queue has been decided once the DM shows.
  async function marker(text: string): Promise<void> {
    await dm(text);
    await expect.poll(async () => (await shown(page)).map((seen) => seen.body)).toContain(text);
  }

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    for (const user of [alice, bob]) {
      await org.subscribe(user, 'general');
      await org.subscribe(user, 'kitchen');
    }
    kitchenId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'kitchen' })).json
      .stream_id;
    await org.api(bob)('POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 'hello',
      content: 'Welcome, Alice',
    });
    ui = await openRendererPage(org, alice, {
      permissions: ['notifications'],
      browser: 'full',
      beforeLoad: async (page) => {
        await page.addInitScript(observe);
      },
    });
    page = ui.page;
    await page.locator('.message', { hasText: 'Welcome, Alice' }).waitFor();
    await page.getByRole('button', { name: 'general' }).first().click();
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  it('shows a mention with its sender, place and text, silent, and plays the chosen sound', async () => {
    await post('@**alice** the soup is ready', 'soup');
    await expect.poll(() => shown(page)).toHaveLength(1);
    expect((await shown(page))[0]).toEqual({
      title: `${bob.fullName} (to #kitchen > soup)`,
      body: `@${alice.fullName} the soup is ready`,
      silent: true,
    });
    await expect.poll(() => played(page)).toHaveLength(1);
    expect((await played(page))[0]).toMatch(/\/sounds\/ember\.wav$/);
    await expect.poll(() => page.title()).toMatch(/^\(\d+\) Hearth$/);
  });

  it('gives nothing for a topic the user muted', async () => {
    await org.api(alice)('POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: kitchenId, property: 'desktop_notifications', value: true }],
    });
    await post('stream notifications are on', 'bread');
    await expect
      .poll(async () => (await shown(page)).map((seen) => seen.body))
      .toContain('stream notifications are on');
    await org.api(alice)('POST', '/user_topics', {
      stream_id: kitchenId,
      topic: 'soup',
      visibility_policy: 1,
    });
    const before = (await shown(page)).length;
    await post('nobody hears this', 'soup');
    await marker('after the muted topic');
    expect((await shown(page)).slice(before).map((seen) => seen.body)).toEqual([
      'after the muted topic',
    ]);
  });

  it('stays quiet under do-not-disturb while the badge still counts, and drops as another client reads', async () => {
    await page.getByRole('button', { name: 'Notifications on' }).click();
    await page.getByRole('menuitem', { name: 'For 1 hour' }).waitFor();
    await ui.screenshot('notifications-dnd-menu');
    await page.getByRole('menuitem', { name: 'For 1 hour' }).click();
    await page.getByRole('button', { name: /^Do not disturb until / }).waitFor();

    const notifications = (await shown(page)).length;
    const sounds = (await played(page)).length;
    const badge = async () => Number(/^\((\d+)\)/.exec(await page.title())?.[1] ?? 0);
    const counted = await badge();
    await dm('are you there?');
    await dm('hello?');
    await expect.poll(badge).toBe(counted + 2);
    expect(await shown(page)).toHaveLength(notifications);
    expect(await played(page)).toHaveLength(sounds);
    await ui.screenshot('notifications-dnd-on');

    // Alice reads everything on her phone.
    const unread = (
      await org.api(alice)('GET', '/messages', {
        anchor: 'newest',
        num_before: 100,
        num_after: 0,
        narrow: [{ operator: 'is', operand: 'unread' }],
      })
    ).json.messages.map((message: { id: number }) => message.id);
    await org.api(alice)('POST', '/messages/flags', { messages: unread, op: 'add', flag: 'read' });
    await expect.poll(() => page.title()).toBe('Hearth');

    await page.getByRole('button', { name: /^Do not disturb until / }).click();
    await page.getByRole('menuitem', { name: 'Turn notifications back on' }).click();
    await page.getByRole('button', { name: 'Notifications on' }).waitFor();
  });

  it("opens a link to the organization's own narrow inside the app, and others outside", async () => {
    await page.getByRole('button', { name: 'general' }).first().click();
    await org.api(bob)('POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 'hello',
      content: 'The recipe is in #**kitchen>soup**, the photos on https://example.com/soup',
    });
    const message = page.locator('.message', { hasText: 'The recipe is in' });
    await message.getByRole('link', { name: /kitchen.*soup/ }).click();
    await page.locator('.conversation-header h1', { hasText: 'soup' }).waitFor();
    await page.locator('.message', { hasText: 'nobody hears this' }).waitFor();
    expect(await page.title()).toMatch(/Hearth$/);

    await page.getByRole('button', { name: 'general' }).first().click();
    // The outside world, as far as this machine reaches it.
    await page
      .context()
      .route('https://example.com/**', (route) =>
        route.fulfill({ contentType: 'text/plain', body: 'the soup photos' }),
      );
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      message.getByRole('link', { name: 'https://example.com/soup' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://example.com/soup');
    await popup.close();
  });

  it("opens the notification's conversation when it is clicked", async () => {
    await post('@**alice** come taste the bread', 'bread');
    await expect
      .poll(async () => (await shown(page)).map((seen) => seen.body))
      .toContain(`@${alice.fullName} come taste the bread`);
    await page.evaluate(() => {
      const all = (window as unknown as { shownNotifications: Notification[] }).shownNotifications;
      all.at(-1)?.dispatchEvent(new Event('click'));
    });
    await page.locator('.conversation-header h1', { hasText: 'bread' }).waitFor();
    await page.locator('.message', { hasText: 'come taste the bread' }).waitFor();
    expect(await page.locator('.message', { hasText: 'Welcome, Alice' }).count()).toBe(0);
    expect(ui.pageErrors).toEqual([]);
    await ui.screenshot('notifications-opened');
  });
});
