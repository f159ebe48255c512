import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { startTestHearth } from '../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import {
  joinedThroughForm,
  openRendererPage,
  openWindow,
  type RendererPage,
} from '../helpers/rendererPage';
import { startZulipDouble } from '../helpers/zulipDouble';
import { createMemorySecretStore } from '../../src-main/client/secretStore';

// Issue 15, point 9: axe-core, in Chromium, on every main view in both
// themes, finds nothing serious or critical.

describe('the window to axe-core', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let ui: RendererPage;
  let page: Page;

  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const feed = () => page.getByRole('list', { name: 'Messages' });

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    for (const user of [alice, bob]) await org.subscribe(user, 'garden');
    const say = (topic: string, content: string) =>
      org.api(bob)('POST', '/messages', { type: 'stream', to: 'garden', topic, content });
    await say('tomatoes', 'The tomatoes are **red**, see https://example.com and @**Alice**');
    await say('tomatoes', '```python\ndef pick(tomato):\n    return tomato.ripe  # soon\n```');
    await say('tomatoes', 'Area: $$\\pi r^2$$ and `inline code`');
    await say('beans', '> quoted\n\n* one\n* two');
    await org.api(bob)('POST', '/messages', {
      type: 'private',
      to: JSON.stringify([alice.id]),
      content: 'A word in private',
    });
    ui = await openRendererPage(org, alice);
    page = ui.page;
    await sidebar().getByRole('button', { name: '# garden' }).click();
    await feed().locator('.message', { hasText: 'quoted' }).waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  it('finds nothing serious in the feed, the sidebars and the compose box', async () => {
    await page.getByRole('textbox', { name: 'Message' }).fill('Draft with **bold**');
    expect(await seriousViolationsInBothThemes(page, 'feed')).toEqual([]);
  });

  it('finds nothing serious in the compose preview and a message menu', async () => {
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('region', { name: 'Preview' }).locator('strong').waitFor();
    expect(await seriousViolationsInBothThemes(page, 'compose preview')).toEqual([]);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill('');
    const message = feed().locator('.message', { hasText: 'quoted' });
    await message.click();
    await page.keyboard.press('i');
    await page.getByRole('menu').waitFor();
    expect(await seriousViolationsInBothThemes(page, 'message menu')).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('finds nothing serious in search results', async () => {
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('tomatoes');
    await page.keyboard.press('Enter');
    await page.locator('.search-results .message').first().waitFor();
    expect(await seriousViolationsInBothThemes(page, 'search results')).toEqual([]);
    await page.getByRole('button', { name: 'Close search' }).click();
  });

  it('finds nothing serious in the views and settings pages of the sidebar', async () => {
    const views: [button: string, ready: string][] = [
      ['Inbox', '.inbox'],
      ['Recent conversations', '.recent'],
      ['Direct messages', '[data-message-id]'],
      ['Drafts', '.drafts'],
      ['Bots', '.bots'],
      ['Groups', '.user-groups input'],
    ];
    const found: string[] = [];
    for (const [button, ready] of views) {
      await sidebar().getByRole('button', { name: button }).click();
      await page.locator(ready).first().waitFor();
      found.push(...(await seriousViolationsInBothThemes(page, button)));
    }
    await sidebar().getByRole('button', { name: 'Settings', exact: true }).click();
    for (const tab of ['Display', 'Account', 'Notifications', 'Organization']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel', { name: tab }).locator('input, select').first().waitFor();
      found.push(...(await seriousViolationsInBothThemes(page, `${tab} settings`)));
    }
    expect(found).toEqual([]);
  });

  it('finds nothing serious in the keyboard shortcuts', async () => {
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    expect(await seriousViolationsInBothThemes(page, 'shortcuts')).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('finds nothing serious in onboarding', async () => {
    const hearth = await startTestHearth({ secrets: createMemorySecretStore() });
    const fresh = await openWindow(hearth);
    try {
      await fresh.page.getByRole('heading').first().waitFor();
      expect(await seriousViolationsInBothThemes(fresh.page, 'onboarding')).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

// A modern Zulip server has no icon for its organization: the window shows
// its initials, which the button's name must hold (label-content-name-mismatch).
describe('the window joined to a modern Zulip server, to axe-core', () => {
  it('finds nothing serious in the feed and the organization’s button', async () => {
    const double = await startZulipDouble();
    const ui = await joinedThroughForm(double.url, double.users.member);
    try {
      const organizations = ui.page.getByRole('navigation', { name: 'Organizations' });
      await organizations.getByRole('button', { name: 'ZD, Zulip Dev', exact: true }).waitFor();
      await expect.poll(() => ui.page.getByText('Connecting…').count()).toBe(0);
      expect(await seriousViolationsInBothThemes(ui.page, 'modern Zulip feed')).toEqual([]);
    } finally {
      await ui.close();
      await double.close();
    }
  });
});
