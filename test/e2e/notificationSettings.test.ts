import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 14, point 5: the notification settings page changes the server's
// settings, and follows the server's events, whoever made the change.

const recordPlayback = () => {
  const scope = window as unknown as { playedSounds: string[] };
  scope.playedSounds = [];
  document.addEventListener(
    'playing',
    (event) => scope.playedSounds.push((event.target as HTMLMediaElement).currentSrc),
    true,
  );
};

describe('the notification settings page', () => {
  let org: Org;
  let alice: TestUser;
  let ui: RendererPage;
  let page: Page;
  let kitchenId: number;

  const serverSettings = async () =>
    (await org.api(alice)('POST', '/register', { event_types: ['user_settings'] })).json
      .user_settings;
  const subscription = async () =>
    (await org.api(alice)('GET', '/users/me/subscriptions')).json.subscriptions.find(
      (sub: { stream_id: number }) => sub.stream_id === kitchenId,
    );

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'kitchen');
    await org.subscribe(alice, 'general');
    kitchenId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'kitchen' })).json
      .stream_id;
    ui = await openRendererPage(org, alice, {
      viewport: { width: 1100, height: 900 },
      beforeLoad: async (page) => {
        await page.addInitScript(recordPlayback);
      },
    });
    page = ui.page;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByRole('heading', { name: 'Direct messages and mentions' }).waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  const section = (name: string) => page.getByRole('region', { name });

  it('shows all 17 settings in Zulip’s three groups, with the server’s values', async () => {
    const streams = section('Channels');
    const personal = section('Direct messages and mentions');
    const other = section('Other');
    expect(
      await streams
        .getByRole('checkbox', { name: 'Desktop notifications', exact: true })
        .isChecked(),
    ).toBe(false);
    expect(
      await personal
        .getByRole('checkbox', { name: 'Desktop notifications', exact: true })
        .isChecked(),
    ).toBe(true);
    // 4 stream toggles and a desktop and sound toggle for each of the 2 streams; 7; 4 + 2 pickers.
    expect(await streams.getByRole('checkbox').count()).toBe(4 + 2 * 2);
    expect(await personal.getByRole('checkbox').count()).toBe(7);
    expect(await other.getByRole('checkbox').count()).toBe(4);
    expect(await other.getByRole('combobox').count()).toBe(2);
    expect(await other.getByLabel('Notification sound').inputValue()).toBe('ember');
    expect(
      await other.getByLabel('Notification sound').locator('option').allTextContents(),
    ).toEqual(['ember', 'chime', 'ding', 'knock', 'pluck', 'None']);
    expect(await other.getByLabel('Unread count on the app icon').inputValue()).toBe('1');
    await ui.screenshot('notification-settings');
  });

  it('sends a change to the server and keeps what the server then says', async () => {
    const personal = section('Direct messages and mentions');
    await personal.getByRole('checkbox', { name: 'Sounds', exact: true }).uncheck();
    await expect.poll(async () => (await serverSettings()).enable_sounds).toBe(false);
    await section('Other').getByLabel('Notification sound').selectOption('knock');
    await expect.poll(async () => (await serverSettings()).notification_sound).toBe('knock');
    await section('Other').getByLabel('Unread count on the app icon').selectOption('2');
    await expect.poll(async () => (await serverSettings()).desktop_icon_count_display).toBe(2);
    expect(await personal.getByRole('checkbox', { name: 'Sounds', exact: true }).isChecked()).toBe(
      false,
    );
  });

  it('follows a change made on another device', async () => {
    await org.api(alice)('PATCH', '/settings', {
      wildcard_mentions_notify: false,
      notification_sound: 'chime',
    });
    const wildcard = section('Direct messages and mentions').getByRole('checkbox', {
      name: 'Notify for @all and @everyone like a mention',
    });
    await expect.poll(() => wildcard.isChecked()).toBe(false);
    await expect
      .poll(() => section('Other').getByLabel('Notification sound').inputValue())
      .toBe('chime');
  });

  it("turns a stream's own desktop and sound notifications on and off", async () => {
    const desktop = page.getByRole('checkbox', { name: 'Desktop notifications for #kitchen' });
    await desktop.check();
    await expect.poll(async () => (await subscription()).desktop_notifications).toBe(true);
    const sound = page.getByRole('checkbox', { name: 'Sounds for #kitchen' });
    await sound.check();
    await expect.poll(async () => (await subscription()).audible_notifications).toBe(true);
    await sound.uncheck();
    await expect.poll(async () => (await subscription()).audible_notifications).toBe(false);
    expect(await desktop.isChecked()).toBe(true);
  });

  it('plays each sound from its preview button', async () => {
    await page.getByRole('button', { name: 'Play pluck' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { playedSounds: string[] }).playedSounds),
      )
      .toEqual([expect.stringMatching(/\/sounds\/pluck\.wav$/)]);
    expect(ui.pageErrors).toEqual([]);
  });
});
