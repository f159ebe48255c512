import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { feedMessage, openTopic } from '../helpers/feedActions';
import type { TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { joinChannel, serverKinds, type Channel, type TestServer } from '../helpers/serverKinds';

// Issue 36, point 8 in the window: an administrator deletes a topic from its
// menu in the sidebar, after a question naming the topic and how many
// messages go; a member is offered no such thing.
//
// Issue 56, point 4: the message menu and the recipient bar's topic menu
// offer the same deletion, to the same people.

describe.each(serverKinds)('deleting a topic in the window, on $name', (kind) => {
  let server: TestServer;
  let admin: TestUser;
  let garden: Channel;
  let ui: RendererPage;
  let page: Page;

  const sidebar = (on: Page) => on.getByRole('navigation', { name: 'Conversations' });
  // Each topic's menu button is described by the topic's name.
  const topicActions = (on: Page, topic: string) =>
    sidebar(on).getByRole('button', { name: 'Topic actions', description: topic });
  const question = () => page.getByRole('dialog', { name: /^Delete the topic/ });
  const messageMenu = (on: Page) => on.getByRole('menu', { name: 'Actions for this message' });
  const barActions = (on: Page) =>
    on
      .getByRole('list', { name: 'Messages' })
      .locator('.recipient-bar')
      .first()
      .getByRole('button', { name: 'Topic actions' });
  const openMessageMenu = async (on: Page, text: string) => {
    await feedMessage(on, text).hover();
    await feedMessage(on, text).getByRole('button', { name: 'Message actions' }).click();
    await messageMenu(on).waitFor();
  };
  const topicIds = async (topic: string): Promise<number[]> =>
    (
      await server.api(admin)('GET', '/messages', {
        anchor: 'newest',
        num_before: 100,
        num_after: 0,
        narrow: JSON.stringify([
          { operator: 'stream', operand: garden.id },
          { operator: 'topic', operand: topic },
        ]),
      })
    ).json.messages.map((message: { id: number }) => message.id);

  beforeAll(async () => {
    server = await kind.start();
    admin = server.admin;
    [garden] = server.channels;
    await joinChannel(server, admin, garden);
    await server.send(server.other, garden, 'weeds', 'Dandelions everywhere');
    await server.send(server.me, garden, 'weeds', 'And thistles');
    await server.send(server.other, garden, 'weeds', 'Test message, please ignore');
    await server.send(server.other, garden, 'harvest', 'Pumpkins on Saturday');
    ui = await openRendererPage(server, admin, { viewport: { width: 1100, height: 760 } });
    page = ui.page;
    await openTopic(page, garden.name, 'weeds');
    await feedMessage(page, 'Test message, please ignore').waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('asks first, naming the topic and its messages, and a cancel keeps it', async () => {
    const actions = topicActions(page, 'weeds');
    await actions.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Topic actions' });
    // Following comes first where the server has followed topics (Zulip 8, feature level 219).
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      ...(server.featureLevel >= 219 ? ['Follow topic'] : []),
      'Delete topic…',
    ]);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await question().waitFor();
    await expect
      .poll(() => question().locator('p').first().innerText())
      .toBe(
        `Its 3 messages in #${garden.name} are deleted for everyone. It cannot be brought back.`,
      );
    expect(await question().getByRole('heading').innerText()).toBe('Delete the topic “weeds”?');
    await ui.screenshot(`e2e-delete-topic${server.screenshotSuffix}`);
    expect(await seriousViolationsInBothThemes(page, 'delete topic question')).toEqual([]);
    await question().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => question().count()).toBe(0);
    expect(await topicIds('weeds')).toHaveLength(3);
  });

  it('offers the same question from the message menu and the recipient bar’s menu', async () => {
    await openMessageMenu(page, 'Dandelions everywhere');
    await messageMenu(page).getByRole('menuitem', { name: 'Delete topic…' }).click();
    await question().waitFor();
    expect(await question().getByRole('heading').innerText()).toBe('Delete the topic “weeds”?');
    await question().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => question().count()).toBe(0);

    await feedMessage(page, 'Dandelions everywhere').hover();
    await barActions(page).click();
    const menu = page.getByRole('menu', { name: 'Topic actions' });
    expect(await menu.getByRole('menuitem').allInnerTexts()).toContain('Delete topic…');
    // The menu opens under its button, and the feed does not move sideways to show it.
    const button = await barActions(page).boundingBox();
    const opened = await menu.boundingBox();
    expect(button && opened).toBeTruthy();
    if (button && opened) {
      expect(Math.abs(opened.y - (button.y + button.height))).toBeLessThan(8);
      expect(opened.x).toBeLessThanOrEqual(button.x + button.width);
      expect(opened.x + opened.width).toBeGreaterThanOrEqual(button.x);
    }
    expect(await page.locator('.feed').evaluate((feed) => feed.scrollLeft)).toBe(0);
    await ui.screenshot(`e2e-delete-topic-bar-menu${server.screenshotSuffix}`);
    expect(await seriousViolationsInBothThemes(page, 'the recipient bar’s menu')).toEqual([]);
    await menu.getByRole('menuitem', { name: 'Delete topic…' }).click();
    await question().waitFor();
    expect(await question().getByRole('heading').innerText()).toBe('Delete the topic “weeds”?');
    await question().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => question().count()).toBe(0);
    expect(await topicIds('weeds')).toHaveLength(3);
  });

  it('deletes the topic for everyone, and the window goes to its channel', async () => {
    await topicActions(page, 'weeds').click();
    await page.getByRole('menuitem', { name: 'Delete topic…' }).click();
    await question().getByRole('button', { name: 'Delete topic' }).click();
    await expect.poll(() => question().count()).toBe(0);
    await expect.poll(() => topicIds('weeds')).toEqual([]);
    expect(await topicIds('harvest')).toHaveLength(1);
    await feedMessage(page, 'Pumpkins on Saturday').waitFor();
    await expect.poll(() => feedMessage(page, 'Dandelions everywhere').count()).toBe(0);
    await expect
      .poll(() =>
        sidebar(page)
          .getByRole('button', { name: /^weeds/ })
          .count(),
      )
      .toBe(0);
    await ui.screenshot(`e2e-delete-topic-done${server.screenshotSuffix}`);
    expect(ui.pageErrors).toEqual([]);
  });

  it('offers a member no deletion among the topic actions', async () => {
    const member = await openRendererPage(server, server.me);
    try {
      await openTopic(member.page, garden.name, 'harvest');
      await feedMessage(member.page, 'Pumpkins on Saturday').waitFor();
      await sidebar(member.page).locator('.topic-link', { hasText: 'harvest' }).waitFor();
      // A member may still follow the topic where the server has followed topics.
      if (server.featureLevel >= 219) {
        await topicActions(member.page, 'harvest').click();
        const menu = member.page.getByRole('menu', { name: 'Topic actions' });
        expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Follow topic']);
        await member.page.keyboard.press('Escape');
      } else {
        expect(await topicActions(member.page, 'harvest').count()).toBe(0);
      }
      await openMessageMenu(member.page, 'Pumpkins on Saturday');
      expect(await messageMenu(member.page).getByRole('menuitem').allInnerTexts()).not.toContain(
        'Delete topic…',
      );
      await member.page.keyboard.press('Escape');
      if ((await barActions(member.page).count()) > 0) {
        await feedMessage(member.page, 'Pumpkins on Saturday').hover();
        await barActions(member.page).click();
        const menu = member.page.getByRole('menu', { name: 'Topic actions' });
        expect(await menu.getByRole('menuitem').allInnerTexts()).not.toContain('Delete topic…');
      }
    } finally {
      await member.close();
    }
  });
});
