import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { serverKinds, type Channel, type TestServer } from '../helpers/serverKinds';

// Issue 15, point 7: Zulip's keyboard shortcuts, and a focus that is always visible.

describe.each(serverKinds)('the window from the keyboard, on $name', (kind) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  // Garden comes before kitchen in the sidebar.
  let garden: Channel;
  let kitchen: Channel;
  let ui: RendererPage;
  let page: Page;

  const say = (channel: Channel, topic: string, content: string) =>
    server.send(bob, channel, topic, content);
  /** The title of a channel's topic, as a pattern. */
  const titled = (channel: Channel, topic: string) =>
    new RegExp(`${channel.name}\\s*›\\s*${topic}`);
  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const feed = () => page.getByRole('list', { name: 'Messages' });
  const title = () => page.locator('.conversation-header h1').innerText();
  /** What has the focus: its label, or its text. */
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement)) return '';
      return element.getAttribute('aria-label') ?? element.innerText;
    });

  const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  beforeAll(async () => {
    server = await kind.start();
    ({ me: alice, other: bob } = server);
    [garden, kitchen] = server.channels;
    await say(garden, 'tomatoes', 'The tomatoes are red');
    ui = await openRendererPage(server, alice);
    page = ui.page;
    await sidebar()
      .getByRole('button', { name: `# ${garden.name}` })
      .click();
    await sidebar()
      .getByRole('button', { name: /^tomatoes/ })
      .click();
    await feed().locator('.message', { hasText: 'The tomatoes are red' }).waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('lists the shortcuts on ? and from the top bar, and closes the list on Escape', async () => {
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await page.keyboard.press('?');
    await help.waitFor();
    const text = await help.innerText();
    for (const does of [
      'Next unread topic',
      'New channel message',
      'Narrow to its topic',
      'Search',
      'Zoom in',
    ]) {
      expect(text).toContain(does);
    }
    await ui.screenshot('e2e-keyboard-help');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    // Escape closed the list only: the reader is still in the topic.
    expect(await title()).toMatch(/tomatoes/);
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await help.waitFor();
    await help.getByRole('button', { name: 'Close' }).click();
    await help.waitFor({ state: 'hidden' });
  });

  it('goes to the next unread topic on n, in the order of the sidebar', async () => {
    // Unread while the reader is in #garden › tomatoes. The sidebar lists
    // #garden's topics latest first: beans above tomatoes, so kitchen is next.
    await say(garden, 'beans', 'The beans need poles');
    await say(kitchen, 'soup', 'Soup is on the stove');
    await expect
      .poll(() =>
        sidebar()
          .getByRole('button', { name: `# ${kitchen.name}` })
          .innerText(),
      )
      .toMatch(/unread/);
    await page.keyboard.press('n');
    await expect.poll(title).toMatch(titled(kitchen, 'soup'));
    await feed().locator('.message', { hasText: 'Soup is on the stove' }).waitFor();
    await page.keyboard.press('n');
    await expect.poll(title).toMatch(titled(garden, 'beans'));
    await feed().locator('.message', { hasText: 'The beans need poles' }).waitFor();
  });

  it('narrows to the selected message’s stream on s and to its topic on S', async () => {
    await sidebar()
      .getByRole('button', { name: `# ${kitchen.name}` })
      .click();
    await sidebar().getByRole('button', { name: /^soup/ }).click();
    const soup = feed().locator('.message', { hasText: 'Soup is on the stove' });
    await soup.click();
    await page.keyboard.press('s');
    await expect.poll(title).toMatch(new RegExp(`^#\\s*${kitchen.name}$`));
    await feed().locator('.message', { hasText: 'Soup is on the stove' }).click();
    await page.keyboard.press('Shift+S');
    await expect.poll(title).toMatch(titled(kitchen, 'soup'));
  });

  it('starts a stream message on c and a direct message on x, and leaves the box on Escape', async () => {
    await feed().locator('.message', { hasText: 'Soup is on the stove' }).click();
    await page.keyboard.press('c');
    await expect.poll(focused).toBe('Message');
    expect(await page.locator('.compose input[aria-label="Topic"]').inputValue()).toBe('soup');
    // Letters typed in the box are text, not shortcuts.
    await page.keyboard.type('n s c');
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('n s c');
    expect(await title()).toMatch(titled(kitchen, 'soup'));
    await page.keyboard.press('Escape');
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.querySelector('.message-content')?.textContent),
      )
      .toContain('Soup is on the stove');
    await page.getByRole('textbox', { name: 'Message' }).fill('');
    await blur();

    await page.keyboard.press('x');
    await expect.poll(focused).toBe('To');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page
      .getByRole('complementary', { name: 'People' })
      .getByRole('button', { name: new RegExp(bob.fullName) })
      .click();
    await expect.poll(title).toContain(bob.fullName);
    await blur();
    await page.keyboard.press('x');
    await expect.poll(focused).toBe('Message');
  });

  it('focuses the search on /, and Escape leaves the search, then the narrow', async () => {
    await blur();
    await page.keyboard.press('/');
    await expect.poll(focused).toBe('Search');
    await page.keyboard.type('stove');
    await page.keyboard.press('Enter');
    await page.getByText('Results for “stove”').waitFor();
    await page.locator('.search-results .message', { hasText: 'Soup is on the stove' }).waitFor();
    await blur();
    await page.keyboard.press('Escape');
    await page.getByText('Results for “stove”').waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await expect.poll(title).toBe('All messages');
  });

  it('shows where the focus is on every control Tab reaches', async () => {
    await blur();
    const unmarked: string[] = [];
    for (let n = 0; n < 40; n++) {
      await page.keyboard.press('Tab');
      const seen = await page.evaluate(() => {
        const element = document.activeElement;
        if (!(element instanceof HTMLElement) || element === document.body) return null;
        const style = getComputedStyle(element);
        const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        const shadow = style.boxShadow !== 'none';
        return ring || shadow
          ? ''
          : `${element.tagName} ${element.getAttribute('aria-label') ?? element.innerText.slice(0, 30)}`;
      });
      if (seen) unmarked.push(seen);
    }
    expect(unmarked).toEqual([]);
  });
});
