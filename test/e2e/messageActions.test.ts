import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseMessageAction, openTopic as openGardenTopic } from '../helpers/feedActions';
import type { TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { serverKinds, type Channel, type TestServer } from '../helpers/serverKinds';

// Issue 15, point 3: Zulip's message actions, from each message's menu and
// from the keyboard, in the window of an organization administrator, who may
// delete any message.

describe.each(serverKinds)('message actions, on $name', (kind) => {
  let server: TestServer;
  let admin: TestUser;
  let bob: TestUser;
  let garden: Channel;
  let ui: RendererPage;
  let page: Page;

  const say = (user: TestUser, topic: string, content: string): Promise<number> =>
    server.send(user, garden, topic, content);

  const onServer = async (id: number) =>
    (await server.api(admin)('GET', `/messages/${id}`, { apply_markdown: false })).json;

  const feed = () => page.getByRole('list', { name: 'Messages' });
  // The first message that says it (a quote of it comes later).
  const message = (text: string) => feed().locator('.message', { hasText: text }).first();
  const menu = () => page.getByRole('menu', { name: 'Actions for this message' });
  const compose = () => page.getByRole('form', { name: 'Compose' });

  const choose = (text: string, action: string) => chooseMessageAction(page, text, action);
  const openTopic = (topic: string) => openGardenTopic(page, garden.name, topic);
  /** A link to a message of the channel's topic, as the window writes it. */
  const linkTo = (topic: string, messageId: number | string) =>
    `${server.url}/#narrow/stream/${garden.id}-${garden.name}/topic/${topic}/near/${messageId}`;

  beforeAll(async () => {
    server = await kind.start();
    ({ admin, other: bob } = server);
    [garden] = server.channels;
    const joined = await server.api(admin)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: garden.name }],
    });
    if (joined.status !== 200) throw new Error(`subscribing: ${JSON.stringify(joined.json)}`);
    await say(bob, 'beans', 'The beans need **poles**');
    await say(admin, 'beans', 'They are in the shed');
    ui = await openRendererPage(server, admin, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = ui.page;
    await openTopic('beans');
    await message('They are in the shed').waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('offers what the organization allows: editing one’s own message, the topic of another’s, deletion to an administrator', async () => {
    await message('The beans need').hover();
    await message('The beans need').getByRole('button', { name: 'Message actions' }).click();
    await expect
      .poll(() => menu().getByRole('menuitem').allInnerTexts())
      .toEqual([
        'Quote and reply',
        'Edit topic',
        'Move message…',
        'Mark as resolved',
        'Delete topic…',
        'Add reaction',
        'Star message',
        'Copy link to message',
        'Mark as unread from here',
        'Read receipts',
        'View message source',
        'Mute this user',
        'Delete message',
      ]);
    await ui.screenshot(`e2e-message-menu${server.screenshotSuffix}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu().count()).toBe(0);

    // From the keyboard: the selected message's "i" opens its menu, which takes the focus.
    await message('They are in the shed').focus();
    await page.keyboard.press('i');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Quote and reply');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Edit message');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Message actions');
  });

  it('edits a message in place, marks it edited, and shows the change in its edit history', async () => {
    const id = await say(admin, 'beans', 'Water them every day');
    await message('Water them every day').waitFor();
    await choose('Water them every day', 'Edit message');
    const editor = page.getByRole('form', { name: 'Edit message' });
    const text = editor.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => text.inputValue()).toBe('Water them every day');
    await text.fill('Water them every other day');
    await editor.getByRole('button', { name: 'Save' }).click();

    await message('Water them every other day').waitFor();
    await expect
      .poll(() => message('every other day').locator('.edit-marker').innerText())
      .toMatch(/edited/i);
    expect((await onServer(id)).message.content).toBe('Water them every other day');

    await choose('every other day', 'View edit history');
    const history = page.getByRole('dialog', { name: 'Edit history' });
    await expect.poll(() => history.locator('.versions > li').count()).toBe(2);
    // Zulip's diff (lxml's htmldiff) drops one-word matches in a short message: "other day" is new.
    await expect
      .poll(() => history.locator('.highlight_text_inserted').allInnerTexts())
      .toEqual(['other day']);
    await ui.screenshot(`e2e-message-history${server.screenshotSuffix}`);
    await history.getByRole('button', { name: 'Close' }).click();
  });

  it('moves a topic with the choice of which messages move', async () => {
    await say(bob, 'peas', 'Peas go in early');
    await say(bob, 'peas', 'Mulch them well');
    await openTopic('peas');
    await message('Peas go in early').waitFor();
    await choose('Peas go in early', 'Edit topic');
    const editor = page.getByRole('form', { name: 'Edit message' });
    await editor.getByRole('textbox', { name: 'Topic' }).fill('legumes');
    await editor.getByRole('combobox', { name: 'Move' }).selectOption('change_all');
    await ui.screenshot(`e2e-message-edit-topic${server.screenshotSuffix}`);
    await editor.getByRole('button', { name: 'Save' }).click();

    const topics = async () =>
      (
        await server.api(admin)('GET', '/messages', {
          anchor: 'newest',
          num_before: 50,
          num_after: 0,
          narrow: [{ operator: 'stream', operand: garden.id }],
        })
      ).json.messages
        .filter((each: { content: string }) => /Peas go in|Mulch them/.test(each.content))
        .map((each: { subject: string }) => each.subject);
    await expect.poll(topics).toEqual(['legumes', 'legumes']);
    await page.getByRole('heading', { name: `#${garden.name} › legumes` }).waitFor();
  });

  it('quotes a message into the compose box as Zulip does, ready to send', async () => {
    await openTopic('beans');
    await choose('The beans need', 'Quote and reply');
    const text = compose().getByRole('textbox', { name: 'Message' });
    const beansId = Number(await message('The beans need').getAttribute('data-message-id'));
    const link = linkTo('beans', beansId);
    await expect
      .poll(() => text.inputValue())
      .toBe(
        `@_**${bob.fullName}|${bob.id}** [said](${link}):\n\`\`\`quote\nThe beans need **poles**\n\`\`\`\n`,
      );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Message',
    );
    await text.press('End');
    await text.pressSequentially('Bamboo ones');
    await text.press('Control+Enter');
    await message('Bamboo ones').waitFor();
    await expect
      .poll(() => message('Bamboo ones').locator('blockquote').innerText())
      .toMatch(/The beans need poles/);
  });

  it('copies a link to the message, and shows its Markdown source', async () => {
    await choose('The beans need', 'Copy link to message');
    await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${linkTo('beans', '\\d+')}$`));

    await choose('The beans need', 'View message source');
    const source = page.getByRole('dialog', { name: 'Message source' });
    await expect.poll(() => source.locator('pre').innerText()).toBe('The beans need **poles**');
    await source.getByRole('button', { name: 'Close' }).click();
  });

  it('marks a message and the later ones unread, and they stay unread while shown', async () => {
    const ids = [await say(bob, 'onions', 'Onions one'), await say(bob, 'onions', 'Onions two')];
    await openTopic('onions');
    for (const id of ids)
      await expect.poll(async () => (await onServer(id)).message.flags).toContain('read');
    await choose('Onions one', 'Mark as unread from here');
    for (const id of ids) {
      await expect.poll(async () => (await onServer(id)).message.flags).not.toContain('read');
    }
    await expect.poll(() => feed().locator('.message.unread').count()).toBe(2);
    // Still on screen in a focused window, they are not read again.
    await page.waitForTimeout(1000);
    for (const id of ids) expect((await onServer(id)).message.flags).not.toContain('read');
  });

  it('deletes a message after asking, for everyone', async () => {
    const id = await say(bob, 'onions', 'Posted in the wrong place');
    await message('Posted in the wrong place').waitFor();
    await choose('Posted in the wrong place', 'Delete message');
    const confirm = page.getByRole('dialog', { name: 'Delete this message?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => message('Posted in the wrong place').count()).toBe(0);
    expect((await onServer(id)).code).toBe('BAD_REQUEST');
    expect(ui.pageErrors).toEqual([]);
  });
});
