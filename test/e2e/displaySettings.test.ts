import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 15: the display settings page changes Zulip's color_scheme and
// twenty_four_hour_time on the server, and the window follows the server's
// events, whoever made the change. A Hearth host is a Zulip 12 server, which
// has no dense_mode (feature level 364): the feed keeps its dense look.
// Zulip 7.0's dense mode is tested against the 7.0 double (oldZulip.test.ts).

// app.css's --bg, light and dark, and --fg and --code-keyword dark.
const lightBackground = 'rgb(255, 255, 255)';
const darkBackground = 'rgb(15, 19, 24)';
const darkText = 'rgb(230, 237, 243)';
const darkKeyword = 'rgb(255, 123, 114)';

describe('the display settings page', () => {
  let org: Org;
  let alice: TestUser;
  let ui: RendererPage;
  let page: Page;
  const ids = { code: 0, math: 0 };

  const serverSettings = async () =>
    (await org.api(alice)('POST', '/register', { event_types: ['user_settings'] })).json
      .user_settings;
  const rootStyle = (property: 'backgroundColor') =>
    page.evaluate((name) => getComputedStyle(document.documentElement)[name], property);
  const colour = (locator: Locator) =>
    locator.evaluate((element) => getComputedStyle(element).color);
  const message = (id: number) => page.locator(`.message[data-message-id="${id}"]`);
  const display = () => page.getByRole('tabpanel', { name: 'Display' });
  const openSettings = async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Display' }).click();
    await display().getByRole('heading', { name: 'Theme' }).waitFor();
  };
  const openFeed = async () => {
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: '# general' })
      .click();
    await message(ids.code).waitFor();
  };
  // The message's time, as the window shows it, and on a 24-hour clock.
  const shownTime = () => message(ids.code).locator('time').innerText();
  const sentAt = async (): Promise<string> => {
    const sent = (await org.api(alice)('GET', `/messages/${ids.code}`)).json.message;
    const at = new Date(sent.timestamp * 1000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    const bob = await org.user('bob');
    await org.subscribe(alice, 'general');
    await org.subscribe(bob, 'general');
    const send = (content: string) => org.sendStream(bob, 'general', 'looks', content);
    ids.code = await send('```python\ndef area(r):\n    return 3.14 * r ** 2\n```');
    ids.math = await send('Energy: $$E = mc^2$$');
    ui = await openRendererPage(org, alice, { viewport: { width: 1100, height: 800 } });
    page = ui.page;
    await page.emulateMedia({ colorScheme: 'light' });
    await openFeed();
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  it("shows Zulip's defaults from the server: the system's theme, a 12-hour clock, no dense mode", async () => {
    expect(await shownTime()).toMatch(/^\d{1,2}:\d{2}\s?[AP]M$/);
    await openSettings();
    expect(await page.getByRole('tab', { name: 'Display' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await display().getByRole('radio', { name: 'Follow the system' }).isChecked()).toBe(
      true,
    );
    expect(
      await display()
        .getByRole('checkbox', { name: 'Show times on the 24-hour clock' })
        .isChecked(),
    ).toBe(false);
    expect(
      await display()
        .getByRole('checkbox', { name: /^Dense mode/ })
        .count(),
    ).toBe(0);
    await ui.screenshot('settings-display');
  });

  it('turns dark when dark is picked, with the system light, and stays dark after a reload', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await display().getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(async () => (await serverSettings()).color_scheme).toBe(2);
    await expect.poll(() => rootStyle('backgroundColor')).toBe(darkBackground);
    await page.reload();
    await expect.poll(() => rootStyle('backgroundColor')).toBe(darkBackground);
    await openFeed();
    await ui.screenshot('feed-dark-theme');
    expect(await rootStyle('backgroundColor')).toBe(darkBackground);
  });

  it('keeps highlighted code and math readable in the dark theme', async () => {
    const block = message(ids.code).locator('.codehilite');
    expect(await colour(block.locator('code'))).toBe(darkText);
    expect(await colour(block.locator('.k').first())).toBe(darkKeyword);
    expect(await colour(message(ids.math).locator('math'))).toBe(darkText);
    expect(await message(ids.math).locator('math').isVisible()).toBe(true);
  });

  it('follows the system again when automatic is picked', async () => {
    await openSettings();
    await display().getByRole('radio', { name: 'Follow the system' }).check();
    await expect.poll(async () => (await serverSettings()).color_scheme).toBe(1);
    await expect.poll(() => rootStyle('backgroundColor')).toBe(lightBackground);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => rootStyle('backgroundColor')).toBe(darkBackground);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => rootStyle('backgroundColor')).toBe(lightBackground);
  });

  it('keeps light when light is picked, with the system dark', async () => {
    await display().getByRole('radio', { name: 'Light' }).check();
    await expect.poll(async () => (await serverSettings()).color_scheme).toBe(3);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => rootStyle('backgroundColor')).toBe(lightBackground);
    await page.emulateMedia({ colorScheme: 'light' });
    await display().getByRole('radio', { name: 'Follow the system' }).check();
    await expect.poll(async () => (await serverSettings()).color_scheme).toBe(1);
  });

  it('writes times on the 24-hour clock when asked', async () => {
    await display().getByRole('checkbox', { name: 'Show times on the 24-hour clock' }).check();
    await expect.poll(async () => (await serverSettings()).twenty_four_hour_time).toBe(true);
    await openFeed();
    await expect.poll(shownTime).toBe(await sentAt());
    // Recent conversations writes its times on the same clock.
    await page.getByRole('button', { name: 'Recent conversations' }).click();
    await expect
      .poll(() => page.locator('.recent td.time').allInnerTexts())
      .toContainEqual(expect.stringMatching(/^\d{2}:\d{2}$/));
    await openFeed();
  });

  it('keeps the feed dense, as a Zulip 12 server has no dense mode', async () => {
    const padding = () =>
      message(ids.code).evaluate((element) => getComputedStyle(element).paddingTop);
    expect(await padding()).toBe('6px');
    expect(
      await page.evaluate(() => document.documentElement.classList.contains('spacious-feed')),
    ).toBe(false);
  });

  it('schedules in the time zone picked here, which the server keeps', async () => {
    await openSettings();
    const zone = display().getByRole('combobox', { name: 'Time zone for scheduling messages' });
    expect(await zone.inputValue()).toBe('');
    await zone.selectOption('Pacific/Auckland');
    await expect.poll(async () => (await serverSettings()).timezone).toBe('Pacific/Auckland');
    await expect.poll(() => zone.inputValue()).toBe('Pacific/Auckland');
    await ui.screenshot('settings-display-timezone');
    await openFeed();
    const compose = page.getByRole('form', { name: 'Compose' });
    await compose.getByRole('combobox', { name: 'Topic' }).fill('later');
    await compose.getByRole('textbox', { name: 'Message' }).fill('For the morning');
    await compose.getByRole('button', { name: 'Schedule message' }).click();
    await page.getByRole('menuitem', { name: 'Choose a time…' }).click();
    await expect
      .poll(() => page.getByRole('group', { name: 'Schedule for a chosen time' }).innerText())
      .toContain('Pacific/Auckland');
    await page
      .getByRole('group', { name: 'Schedule for a chosen time' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await compose.getByRole('textbox', { name: 'Message' }).fill('');
  });

  it('follows a change made by another client', async () => {
    await org.api(alice)('PATCH', '/settings', {
      color_scheme: 2,
      twenty_four_hour_time: false,
    });
    await expect.poll(() => rootStyle('backgroundColor')).toBe(darkBackground);
    await expect.poll(shownTime).toMatch(/^\d{1,2}:\d{2}\s?[AP]M$/);
    await openSettings();
    expect(await display().getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(ui.pageErrors).toEqual([]);
  });
});
