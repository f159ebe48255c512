import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { serverKinds, type Channel, type Person, type TestServer } from '../helpers/serverKinds';

// Issue 36, point 7, in the window: drafts kept by the server show in the
// Drafts view beside this computer's, each opens into the compose box (two of
// one conversation each its own), what is typed here reaches the server, and
// Settings › Account turns the synchronization off and on.

describe.each(serverKinds)('drafts kept by the server, in the window, on $name', (kind) => {
  let server: TestServer;
  let me: Person;
  let channel: Channel;
  let ui: RendererPage;
  let page: Page;

  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const draftsButton = () => sidebar().getByRole('button', { name: /^Drafts/ });
  const draftList = () => page.getByRole('region', { name: 'Drafts' }).getByRole('listitem');
  const compose = () => page.getByRole('form', { name: 'Compose' });
  const message = () => compose().getByRole('textbox', { name: 'Message' });
  const serverDrafts = async () =>
    ((await server.api(me)('GET', '/drafts')).json.drafts ?? []) as {
      content: string;
      topic: string;
    }[];
  const fromAnotherDevice = (topic: string, content: string, timestamp: number) =>
    server.api(me)('POST', '/drafts', {
      drafts: JSON.stringify([{ type: 'stream', to: [channel.id], topic, content, timestamp }]),
    });
  const shot = (name: string) => ui.screenshot(`${name}${server.screenshotSuffix}`);

  beforeAll(async () => {
    server = await kind.start();
    ({ me } = server);
    channel = server.channels[0];
    await server.send(server.other, channel, 'trip', 'Where shall we go?');
    ui = await openRendererPage(server, me, { viewport: { width: 1200, height: 800 } });
    page = ui.page;
    await sidebar()
      .getByRole('button', { name: `# ${channel.name}` })
      .waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('lists drafts written on another device, and opens each of one conversation into the compose box', async () => {
    const now = Math.floor(Date.now() / 1000);
    await fromAnotherDevice('trip', 'The lakes, in June', now - 120);
    await fromAnotherDevice('trip', 'Or the coast, in May', now - 60);
    await draftsButton().click();
    await expect
      .poll(() => draftList().allInnerTexts())
      .toEqual([
        expect.stringMatching(/› trip[\s\S]*Or the coast, in May/),
        expect.stringMatching(/› trip[\s\S]*The lakes, in June/),
      ]);
    await shot('server-drafts');
    expect(await seriousViolationsInBothThemes(page, 'the Drafts view')).toEqual([]);

    // The older of the two, from the keyboard: the compose box takes that one.
    const older = draftList()
      .nth(1)
      .getByRole('button', { name: new RegExp(`^#${channel.name} › trip`) });
    await older.focus();
    await page.keyboard.press('Enter');
    await page.locator('.message', { hasText: 'Where shall we go?' }).waitFor();
    await expect.poll(() => message().inputValue()).toBe('The lakes, in June');

    // Edited here, it stays that draft, on the server too.
    await message().fill('The lakes, in June or July');
    await expect
      .poll(async () => (await serverDrafts()).map((draft) => draft.content).sort())
      .toEqual(['Or the coast, in May', 'The lakes, in June or July']);
    expect(ui.pageErrors).toEqual([]);
  });

  it('sends a draft written here to the server, and follows its deletion on another device', async () => {
    await compose().getByRole('combobox', { name: 'Topic' }).fill('budget');
    await message().fill('About 300 each?');
    await expect
      .poll(async () => (await serverDrafts()).find((draft) => draft.topic === 'budget')?.content)
      .toBe('About 300 each?');
    const kept = (await server.api(me)('GET', '/drafts')).json.drafts as {
      id: number;
      topic: string;
    }[];
    for (const draft of kept.filter((draft) => draft.topic === 'trip')) {
      await server.api(me)('DELETE', `/drafts/${draft.id}`);
    }
    await draftsButton().click();
    await expect
      .poll(() => draftList().allInnerTexts())
      .toEqual([expect.stringMatching(/› budget[\s\S]*About 300 each\?/)]);
  });

  it('turns synchronization off and on in Settings › Account, from the keyboard', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Account' }).click();
    const account = page.getByRole('tabpanel', { name: 'Account' });
    const toggle = account.getByRole('checkbox', {
      name: 'Synchronize drafts with my other devices',
    });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.isChecked()).toBe(false);
    // The box unticks at once; the server hears of it a moment later.
    await expect
      .poll(async () => (await server.api(me)('GET', '/drafts')).json.msg)
      .toBe('User has disabled synchronizing drafts.');
    await account.getByRole('heading', { name: 'Drafts' }).scrollIntoViewIfNeeded();
    await shot('server-drafts-setting');
    expect(await seriousViolationsInBothThemes(page, 'Settings › Account')).toEqual([]);

    // This computer kept its draft, and sends it again once synchronization is back.
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await serverDrafts()).map((draft) => draft.content))
      .toEqual(['About 300 each?']);
    expect(ui.pageErrors).toEqual([]);
  });
});
