import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { feedMessage, openTopic } from '../helpers/feedActions';
import type { TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { joinChannel, serverKinds, type Channel, type TestServer } from '../helpers/serverKinds';

// Issue 36, point 4 in the window: "Read receipts" in the message menu, from
// the keyboard, lists who has read a message; the organization's switch in
// its settings, and the reader's own in the account's.

describe.each(serverKinds)('read receipts in the window, on $name', (kind) => {
  let server: TestServer;
  let admin: TestUser;
  let garden: Channel;
  let ui: RendererPage;
  let page: Page;

  const dialog = () => page.getByRole('dialog', { name: 'Read receipts' });
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim());
  const markRead = (user: TestUser, id: number) =>
    server.api(user)('POST', '/messages/flags', {
      messages: JSON.stringify([id]),
      op: 'add',
      flag: 'read',
    });

  async function openReceipts(text: string): Promise<void> {
    await feedMessage(page, text).focus();
    await page.keyboard.press('i');
    for (let step = 0; step < 15 && (await focusedText()) !== 'Read receipts'; step += 1) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await dialog().waitFor();
  }

  async function showSettings(tab: string): Promise<void> {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: tab }).click();
  }

  beforeAll(async () => {
    server = await kind.start();
    admin = server.admin;
    [garden] = server.channels;
    await joinChannel(server, admin, garden);
    const id = await server.send(server.other, garden, 'tomatoes', 'The tomatoes are ripe');
    for (const reader of [server.me, admin]) await markRead(reader, id);
    ui = await openRendererPage(server, admin, { viewport: { width: 1100, height: 760 } });
    page = ui.page;
    await openTopic(page, garden.name, 'tomatoes');
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('lists who has read a message, with their avatars, from the keyboard', async () => {
    await openReceipts('The tomatoes are ripe');
    await expect
      .poll(() => dialog().getByRole('listitem').allInnerTexts())
      .toEqual(
        [admin.fullName, server.me.fullName]
          .sort((a, b) => a.localeCompare(b))
          .map((name) => expect.stringContaining(name)),
      );
    expect(await dialog().getByText('This message has been read by 2 people:').count()).toBe(1);
    await ui.screenshot(`e2e-read-receipts${server.screenshotSuffix}`);
    expect(await seriousViolationsInBothThemes(page, 'read receipts')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
  });

  it("says they are off once an administrator turns them off in the organization's settings", async () => {
    await showSettings('Organization');
    const toggle = page.getByLabel('Show who has read a message (read receipts)');
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.scrollIntoViewIfNeeded();
    await ui.screenshot(`e2e-read-receipts-organization${server.screenshotSuffix}`);
    await toggle.uncheck();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    // The toggle moves at once; the server hears of it a moment later.
    const serverSays = async () =>
      (
        await server.api(server.me)('POST', '/register', {
          fetch_event_types: JSON.stringify(['realm']),
        })
      ).json.realm_enable_read_receipts as boolean;
    await expect.poll(serverSays).toBe(false);

    await openTopic(page, garden.name, 'tomatoes');
    await openReceipts('The tomatoes are ripe');
    await dialog().getByText('Read receipts are off in this organization.').waitFor();
    await ui.screenshot(`e2e-read-receipts-off${server.screenshotSuffix}`);
    await page.keyboard.press('Escape');

    await showSettings('Organization');
    await toggle.check();
    await expect.poll(() => toggle.isChecked()).toBe(true);
  });

  it("lets the reader stop showing others what they've read, in the account's settings", async () => {
    await showSettings('Account');
    const mine = page.getByLabel("Let others see when I've read messages");
    await expect.poll(() => mine.isChecked()).toBe(true);
    await mine.uncheck();
    await expect
      .poll(
        async () =>
          (
            await server.api(admin)('POST', '/register', {
              fetch_event_types: JSON.stringify(['user_settings']),
            })
          ).json.user_settings.send_read_receipts,
      )
      .toBe(false);
    await expect.poll(() => mine.isChecked()).toBe(false);
    await ui.screenshot(`e2e-read-receipts-setting${server.screenshotSuffix}`);
    expect(await seriousViolationsInBothThemes(page, 'account privacy')).toEqual([]);
    await mine.check();
    await expect.poll(() => mine.isChecked()).toBe(true);
    expect(ui.pageErrors).toEqual([]);
  });
});
