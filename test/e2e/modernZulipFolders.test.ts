import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedMessage } from '../helpers/feedActions';
import { caller } from '../helpers/org';
import { joinedThroughForm, type RendererPage } from '../helpers/rendererPage';
import { startZulipDouble, type ZulipDouble } from '../helpers/zulipDouble';

// Issue 34, point 4: against a Zulip 12 server (the documented double), the
// sidebar and the Inbox group channels under the organization's folders and
// follow its changes live; the channel browser lists the archived channel
// "Rome" under Zulip's filter, and opens its history read-only.
describe('channel folders and archived channels on a modern Zulip server', () => {
  let double: ZulipDouble;
  let ui: RendererPage;
  let page: Page;

  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const channels = () => sidebar().getByRole('list', { name: 'Channels' });
  const folder = (name: string) => channels().getByRole('list', { name, exact: true });
  const inbox = () => page.getByRole('region', { name: 'Inbox' });
  const asAdmin = () => caller(() => double.url, double.users.admin);
  const patchStream = async (streamId: number, params: Record<string, string>) => {
    const patched = await asAdmin()('PATCH', `/streams/${streamId}`, params);
    if (patched.status !== 200) throw new Error(`PATCH: ${JSON.stringify(patched.json)}`);
  };
  const say = async (stream: string, topic: string, content: string) => {
    const sent = await caller(() => double.url, double.users.member2)('POST', '/messages', {
      type: 'stream',
      to: stream,
      topic,
      content,
    });
    if (sent.status !== 200) throw new Error(`POST /messages: ${JSON.stringify(sent.json)}`);
  };

  beforeAll(async () => {
    double = await startZulipDouble({ heartbeatMs: 2_000 });
    // Hamlet has read the documented examples: what the Inbox shows is this test's.
    const read = await caller(() => double.url, double.users.member)('POST', '/messages/flags', {
      messages: JSON.stringify([...double.org.messages.keys()]),
      op: 'add',
      flag: 'read',
    });
    if (read.status !== 200) throw new Error(`POST /messages/flags: ${JSON.stringify(read.json)}`);
    ui = await joinedThroughForm(double.url, double.users.member, {
      viewport: { width: 1100, height: 760 },
    });
    page = ui.page;
    await page.getByText('Connecting…').waitFor({ state: 'detached' });
  });

  afterAll(async () => {
    await ui?.close();
    await double?.close();
  });

  it('groups the sidebar’s channels under the server’s folders, and follows a channel filed elsewhere', async () => {
    await expect
      .poll(() => folder('Frontend').getByRole('button', { name: /^# / }).allInnerTexts())
      .toEqual([expect.stringMatching(/^# Denmark/), expect.stringMatching(/^# Verona/)]);
    expect(
      await folder('Other channels').getByRole('button', { name: /^# / }).allInnerTexts(),
    ).toEqual([expect.stringMatching(/^# Scotland/)]);
    // The archived channel is not among them.
    expect(await channels().getByRole('button', { name: '# Rome' }).count()).toBe(0);
    await ui.screenshot('modern-zulip-folders-sidebar');

    await patchStream(double.streams.scotland, {
      folder_id: String(double.channelFolders.frontend),
    });
    await expect
      .poll(() => folder('Frontend').getByRole('button', { name: /^# / }).allInnerTexts())
      .toEqual([
        expect.stringMatching(/^# Denmark/),
        expect.stringMatching(/^# Scotland/),
        expect.stringMatching(/^# Verona/),
      ]);
    expect(await folder('Other channels').count()).toBe(0);
    await patchStream(double.streams.scotland, { folder_id: 'null' });
    await folder('Other channels')
      .getByRole('button', { name: /^# Scotland/ })
      .waitFor();
  });

  it('groups the Inbox by folder, as the reader’s setting says', async () => {
    await sidebar().getByRole('button', { name: 'Inbox' }).click();
    await say('Denmark', 'ghosts', 'Something is rotten');
    await say('Scotland', 'witches', 'Double, double');
    // Folder headings are set in capitals, as Zulip sets them.
    await expect
      .poll(() => inbox().getByRole('heading').allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Frontend\s*1/i),
        expect.stringMatching(/^# Denmark\s*1/),
        expect.stringMatching(/^Other channels\s*1/i),
        expect.stringMatching(/^# Scotland\s*1/),
      ]);
    expect(
      await inbox()
        .getByRole('region', { name: /^Frontend/i })
        .getByRole('list', { name: 'Topics of Denmark' })
        .allInnerTexts(),
    ).toEqual([expect.stringMatching(/^ghosts/)]);
    await ui.screenshot('modern-zulip-folders-inbox');
  });

  it('offers the reader’s folder settings on the Display settings page', async () => {
    await sidebar().getByRole('button', { name: 'Settings' }).click();
    const folders = page.getByRole('region', { name: 'Channel folders' });
    expect(
      await folders
        .getByRole('checkbox', { name: 'Group channels by folder in the sidebar' })
        .isChecked(),
    ).toBe(true);
    expect(
      await folders
        .getByRole('checkbox', { name: 'Group channels by folder in the Inbox' })
        .isChecked(),
    ).toBe(true);
  });

  it('lists the archived channel under Zulip’s filter and opens its history read-only', async () => {
    await sidebar()
      .getByRole('button', { name: /^Browse/ })
      .click();
    const browser = page.getByRole('list', { name: 'All channels' });
    await browser.getByRole('heading', { name: /#Denmark/ }).waitFor();
    expect(await browser.getByRole('heading', { name: /#Rome/ }).count()).toBe(0);
    const show = page.getByRole('combobox', { name: 'Show' });
    await show.selectOption({ label: 'Archived channels' });
    await expect
      .poll(() => browser.getByRole('heading').allInnerTexts())
      .toEqual([expect.stringMatching(/^#Rome\s*Archived$/)]);
    await ui.screenshot('modern-zulip-archived-browser');
    await show.selectOption({ label: 'All channels' });
    await expect
      .poll(() => browser.getByRole('heading').allInnerTexts())
      .toEqual([
        expect.stringMatching(/^#Denmark/),
        expect.stringMatching(/^#Rome\s*Archived$/),
        expect.stringMatching(/^#Scotland/),
        expect.stringMatching(/^#Verona/),
      ]);

    await browser.getByRole('button', { name: 'View #Rome' }).click();
    await feedMessage(page, 'Rome was not built in a day.').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('#Rome');
    await page.getByRole('status').filter({ hasText: '#Rome is archived' }).waitFor();
    expect(await page.getByRole('form', { name: 'Compose' }).count()).toBe(0);
    await ui.screenshot('modern-zulip-archived-channel');
    expect(ui.pageErrors).toEqual([]);
  });

  it('moves a channel unarchived on the server back among the active ones, live', async () => {
    await patchStream(double.streams.rome, { is_archived: 'false' });
    await channels().getByRole('button', { name: '# Rome' }).waitFor();
    await page.getByRole('form', { name: 'Compose' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'is archived' }).count()).toBe(0);
    expect(ui.pageErrors).toEqual([]);
  });
});

// Zulip refuses any change to a message in an archived channel: its sender,
// the organization's owner, is offered only what still works there.
describe('a message in an archived channel on a modern Zulip server', () => {
  let double: ZulipDouble;
  let ui: RendererPage;
  let page: Page;

  beforeAll(async () => {
    double = await startZulipDouble({ heartbeatMs: 2_000 });
    ui = await joinedThroughForm(double.url, double.users.owner, {
      viewport: { width: 1100, height: 760 },
    });
    page = ui.page;
    await page.getByText('Connecting…').waitFor({ state: 'detached' });
  });

  afterAll(async () => {
    await ui?.close();
    await double?.close();
  });

  const menuOf = async (text: string): Promise<string[]> => {
    const message = feedMessage(page, text);
    await message.hover();
    await message.getByRole('button', { name: 'Message actions' }).click();
    const menu = page.getByRole('menu', { name: 'Actions for this message' });
    const items = await menu.getByRole('menuitem').allInnerTexts();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    return items;
  };

  it('offers its sender no edit, move, deletion, reaction or reply there', async () => {
    const sent = await caller(() => double.url, double.users.owner)('POST', '/messages', {
      type: 'stream',
      to: 'Denmark',
      topic: 'ghosts',
      content: 'Something is rotten',
    });
    expect(sent.status).toBe(200);
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /^# Denmark/ })
      .click();
    // Where the channel takes changes, the owner may change her own message.
    expect(await menuOf('Something is rotten')).toEqual(
      expect.arrayContaining(['Quote and reply', 'Edit message', 'Add reaction', 'Delete message']),
    );

    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /^Browse/ })
      .click();
    await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Archived channels' });
    await page.getByRole('button', { name: 'View #Rome' }).click();
    const rome = feedMessage(page, 'Rome was not built in a day.');
    await rome.waitFor();
    expect(await menuOf('Rome was not built in a day.')).toEqual([
      'Star message',
      'Copy link to message',
      'Mark as unread from here',
      'Read receipts',
      'View message source',
    ]);
    await rome.hover();
    expect(await rome.getByRole('button', { name: 'Add reaction' }).count()).toBe(0);
    await ui.screenshot('modern-zulip-archived-message');
    expect(ui.pageErrors).toEqual([]);
  });
});
