import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 17, point 5: an administrator changes a stream's own settings from
// its menu in the sidebar; the sidebar and the header follow the server's events.

describe("a stream's settings for administrators", () => {
  let org: Org;
  let alice: TestUser;
  let owner: RendererPage;
  let member: RendererPage;
  let kitchenId: number;

  const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
  const streamRow = (page: Page, name: string) =>
    sidebar(page).locator('li', { has: page.getByRole('button', { name: `# ${name}` }) });
  const dialog = (page: Page) => page.getByRole('dialog');
  const openMenu = async (page: Page, name: string) => {
    await streamRow(page, name).getByRole('button', { name: 'Channel actions' }).click();
    await page.getByRole('menu', { name: 'Channel actions' }).waitFor();
  };
  const serverStream = async () =>
    (
      (await org.api(org.owner)('GET', '/streams')).json.streams as {
        stream_id: number;
        name: string;
        description: string;
        invite_only: boolean;
        history_public_to_subscribers: boolean;
        stream_post_policy: number;
      }[]
    ).find((stream) => stream.stream_id === kitchenId);

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    for (const user of [org.owner, alice]) {
      await org.subscribe(user, 'kitchen');
      await org.subscribe(user, 'pantry');
    }
    kitchenId = (await org.api(org.owner)('GET', '/get_stream_id', { stream: 'kitchen' })).json
      .stream_id;
    owner = await openRendererPage(org, org.owner, { viewport: { width: 1100, height: 800 } });
    member = await openRendererPage(org, alice, { viewport: { width: 1100, height: 800 } });
    await sidebar(owner.page).getByRole('button', { name: '# kitchen' }).waitFor();
    await sidebar(member.page).getByRole('button', { name: '# kitchen' }).waitFor();
  });

  afterAll(async () => {
    await owner?.close();
    await member?.close();
    await org?.close();
  });

  it('offers a member only their personal settings of the stream', async () => {
    await openMenu(member.page, 'kitchen');
    const items = member.page.getByRole('menuitem');
    expect(await items.allInnerTexts()).toEqual(['Personal settings']);
    await member.page.keyboard.press('Escape');
    expect(await member.page.getByRole('menu').count()).toBe(0);
  });

  it("opens an administrator's form with the stream's settings", async () => {
    const page = owner.page;
    await page.getByRole('button', { name: '# kitchen' }).click();
    await openMenu(page, 'kitchen');
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
      'Personal settings',
      'Channel settings…',
    ]);
    await owner.screenshot('stream-menu');
    expect(await seriousViolationsInBothThemes(page, 'stream menu')).toEqual([]);
    await page.getByRole('menuitem', { name: 'Channel settings…' }).click();
    const form = dialog(page);
    await form.getByLabel('Channel name').waitFor();
    expect(await form.getByLabel('Channel name').inputValue()).toBe('kitchen');
    expect(await form.getByLabel('Private', { exact: true }).isChecked()).toBe(false);
    const history = form.getByLabel('New subscribers can see older messages');
    expect(await history.isChecked()).toBe(true);
    expect(await history.isDisabled()).toBe(true);
    expect(await form.getByLabel('Who can post').locator('option:checked').innerText()).toBe(
      'Everyone',
    );
  });

  it('shows the server’s reason beside the form when it refuses a name', async () => {
    const form = dialog(owner.page);
    await form.getByLabel('Channel name').fill('Pantry');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').waitFor();
    expect(await form.getByRole('alert').innerText()).toBe(
      "Stream name 'Pantry' is already taken.",
    );
    await owner.screenshot('stream-settings-refused');
  });

  it('renames and describes the stream, and the sidebar and header follow at once', async () => {
    const page = owner.page;
    const form = dialog(page);
    await form.getByLabel('Channel name').fill('galley');
    await form.getByLabel('Description').fill('Where the food is');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await sidebar(page).getByRole('button', { name: '# galley' }).waitFor();
    await page.locator('.conversation-header h1', { hasText: 'galley' }).waitFor();
    await sidebar(member.page).getByRole('button', { name: '# galley' }).waitFor();
    expect(await serverStream()).toMatchObject({
      name: 'galley',
      description: 'Where the food is',
      invite_only: false,
    });
  });

  it('makes it private, history hidden, and lets only administrators post', async () => {
    const page = owner.page;
    await openMenu(page, 'galley');
    await page.getByRole('menuitem', { name: 'Channel settings…' }).click();
    const form = dialog(page);
    await form.getByLabel('Private', { exact: true }).check();
    await form.getByLabel('New subscribers can see older messages').uncheck();
    await form.getByLabel('Who can post').selectOption({ label: 'Administrators only' });
    await owner.screenshot('stream-settings');
    expect(await seriousViolationsInBothThemes(page, 'stream settings')).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(serverStream).toMatchObject({
      invite_only: true,
      history_public_to_subscribers: false,
      stream_post_policy: 2,
    });
    await openMenu(page, 'galley');
    await page.getByRole('menuitem', { name: 'Channel settings…' }).click();
    expect(await dialog(page).getByLabel('Private', { exact: true }).isChecked()).toBe(true);
    expect(
      await dialog(page).getByLabel('New subscribers can see older messages').isChecked(),
    ).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    // The focus is back on the stream's menu button.
    expect(
      await streamRow(page, 'galley')
        .getByRole('button', { name: 'Channel actions' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
  });
});
