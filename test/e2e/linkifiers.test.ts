import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { serverKinds, type Channel, type TestServer } from '../helpers/serverKinds';

// Issue 36, point 5: linkifiers and code playgrounds in the window, on a
// Hearth host and on a Zulip server. An administrator adds, edits and
// deletes them in Settings, with the server's refusal shown where they
// typed; a topic's links show in its recipient bar, and a code block of a
// playground's language offers "View in" it.

describe.each(serverKinds)('linkifiers and playgrounds in the window, on $name', (kind) => {
  let server: TestServer;
  let channel: Channel;
  let ui: RendererPage;
  let page: Page;

  const settingsTab = (name: string) => page.getByRole('tab', { name, exact: true });
  const panel = () => page.getByRole('tabpanel');
  const feed = () => page.getByRole('list', { name: 'Messages' });
  const shot = (name: string) => ui.screenshot(`${name}${server.screenshotSuffix}`);
  const serverLinkifiers = async () =>
    (await server.api(server.me)('GET', '/realm/linkifiers')).json.linkifiers as {
      id: number;
      pattern: string;
      url_template: string;
    }[];

  beforeAll(async () => {
    server = await kind.start();
    channel = server.channels[0];
    // The administrator reads the channel too, to see the code block and the topic.
    await server.api(server.admin)('POST', '/users/me/subscriptions', {
      subscriptions: JSON.stringify([{ name: channel.name }]),
    });
    ui = await openRendererPage(server, server.admin, { viewport: { width: 1200, height: 800 } });
    page = ui.page;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('adds a linkifier from the keyboard, shows a refusal in the server’s words, edits and deletes it', async () => {
    await settingsTab('Linkifiers').click();
    const pattern = panel().getByRole('textbox', { name: 'Pattern' });
    const template = panel().getByRole('textbox', { name: 'URL template' });
    await pattern.fill('#(?P<id>[0-9]+)');
    await template.fill('https://tracker.example.com/{id');
    await template.press('Enter');
    await expect.poll(() => panel().getByRole('alert').innerText()).toBe('Invalid URL template.');
    await shot('linkifiers-refused');

    await template.fill('https://tracker.example.com/{id}');
    await template.press('Enter');
    const row = panel().getByRole('row', { name: /tracker\.example\.com\/\{id\}/ });
    await row.waitFor();
    expect(await panel().getByRole('alert').count()).toBe(0);
    expect(await pattern.inputValue()).toBe('');
    await expect
      .poll(serverLinkifiers)
      .toEqual([expect.objectContaining({ pattern: '#(?P<id>[0-9]+)' })]);
    await shot('linkifiers');
    expect(await seriousViolationsInBothThemes(page, 'the Linkifiers page')).toEqual([]);

    await row.getByRole('button', { name: /^Edit/ }).click();
    const editing = panel().getByRole('form', { name: /Edit linkifier/ });
    await editing
      .getByRole('textbox', { name: 'URL template' })
      .fill('https://tracker.example.com/t/{id}');
    await editing.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(serverLinkifiers)
      .toEqual([expect.objectContaining({ url_template: 'https://tracker.example.com/t/{id}' })]);
    await panel()
      .getByRole('row', { name: /\/t\/\{id\}/ })
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect.poll(serverLinkifiers).toEqual([]);
    await panel().getByText('This organization has no linkifiers.').waitFor();
  });

  it('adds a code playground, and a code block of its language offers “View in” it', async () => {
    await settingsTab('Code playgrounds').click();
    await panel().getByRole('textbox', { name: 'Name' }).fill('Python playground');
    await panel().getByRole('textbox', { name: 'Language' }).fill('Python');
    const template = panel().getByRole('textbox', { name: 'URL template' });
    await template.fill('https://python.example.com/?code={code}');
    await template.press('Enter');
    await panel()
      .getByRole('row', { name: /Python playground/ })
      .waitFor();
    await shot('playgrounds');
    expect(await seriousViolationsInBothThemes(page, 'the Code playgrounds page')).toEqual([]);

    await server.send(server.other, channel, 'snippets', '```python\nprint("hi")\n```');
    await page.getByRole('button', { name: `# ${channel.name}` }).click();
    const link = feed().getByRole('link', { name: 'View in Python playground' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(
      'https://python.example.com/?code=print%28%22hi%22%29',
    );
    await shot('playgrounds-code-block');
  });

  it('shows a topic’s links in its recipient bar, reachable from the keyboard', async () => {
    await server.api(server.admin)('POST', '/realm/filters', {
      pattern: '#(?P<id>[0-9]+)',
      url_template: 'https://tracker.example.com/{id}',
    });
    await server.send(server.other, channel, 'fix #42', 'Working on it');
    const link = feed().locator('.recipient-bar').getByRole('link', { name: '#42' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://tracker.example.com/42');
    await link.focus();
    await expect(link.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
    await shot('linkifiers-topic-links');
    expect(await seriousViolationsInBothThemes(page, 'the feed with topic links')).toEqual([]);
  });
});
