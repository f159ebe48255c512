import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { serverKinds, type Channel, type TestServer } from '../helpers/serverKinds';

// Issue 15, point 5: the search box suggests as the query is typed, results
// show what matched highlighted, and starring a result shows at once.

describe.each(serverKinds)('search, on $name', (kind) => {
  let server: TestServer;
  let garden: Channel;
  let ui: RendererPage;
  let page: Page;

  const box = () => page.getByRole('searchbox', { name: 'Search', exact: true });
  const suggestions = () => page.getByRole('listbox', { name: 'Search suggestions' });
  const results = () => page.getByRole('list', { name: 'Matching messages' });

  beforeAll(async () => {
    server = await kind.start();
    garden = server.channels[1];
    for (const [topic, content] of [
      ['tomatoes', 'The tomatoes are ripening nicely'],
      ['beans', 'Beans need poles, not tomatoes cages'],
      ['compost', 'Turn the compost weekly'],
    ] as const) {
      await server.send(server.other, garden, topic, content);
    }
    ui = await openRendererPage(server, server.me);
    page = ui.page;
    await page.getByRole('button', { name: `# ${garden.name}` }).click();
    await page.locator('.message', { hasText: 'Turn the compost weekly' }).waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('suggests operators and their operands as the query is typed', async () => {
    await box().pressSequentially('st');
    await expect
      .poll(() => suggestions().getByRole('option').allInnerTexts())
      .toEqual([
        expect.stringMatching(/^st\s/),
        expect.stringMatching(/^stream:\s*Messages in a channel/),
      ]);
    await box().press('ArrowDown');
    await box().press('Enter');
    await expect.poll(() => box().inputValue()).toBe('stream:');
    await box().pressSequentially('Sco');
    await expect
      .poll(() => suggestions().getByRole('option').allInnerTexts())
      .toEqual([
        expect.stringMatching(/^stream:Sco\s/),
        expect.stringMatching(/^stream:Scotland\s/),
      ]);
    await box().press('ArrowDown');
    await box().press('Enter');
    await expect.poll(() => box().inputValue()).toBe('stream:Scotland');
    await page.getByRole('heading', { name: 'Search results' }).waitFor();
    await box().fill('');
    await box().press('Escape');
  });

  it('highlights the words that matched, in the content and the topic', async () => {
    await box().fill('');
    await box().pressSequentially('tomato');
    await box().press('Enter');
    await expect.poll(() => results().locator('.message').count()).toBe(2);
    await expect
      .poll(() => results().locator('.message-content .highlight').allInnerTexts())
      .toEqual(['tomatoes', 'tomatoes']);
    await expect
      .poll(() => results().locator('.recipient-topic .highlight').allInnerTexts())
      .toEqual(['tomatoes']);
    await ui.screenshot('e2e-search-highlight');
  });

  it('stars a result, which shows at once and reaches the server', async () => {
    const ripe = results().locator('.message', { hasText: 'ripening' });
    await ripe.hover();
    await ripe.getByRole('button', { name: 'Star this message' }).click();
    await expect
      .poll(() => ripe.getByRole('button', { name: 'Unstar this message' }).count())
      .toBe(1);
    const starred = await server.api(server.me)('GET', '/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: 'is', operand: 'starred' }],
    });
    expect(starred.json.messages.map((message: { content: string }) => message.content)).toEqual([
      '<p>The tomatoes are ripening nicely</p>',
    ]);
    expect(ui.pageErrors).toEqual([]);
  });
});
