import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 15, point 5: the search box suggests as the query is typed, results
// show what matched highlighted, and starring a result shows at once.

describe('search', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let ui: RendererPage;
  let page: Page;

  const box = () => page.getByRole('searchbox', { name: 'Search', exact: true });
  const suggestions = () => page.getByRole('listbox', { name: 'Search suggestions' });
  const results = () => page.getByRole('list', { name: 'Matching messages' });

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    for (const user of [alice, bob]) await org.subscribe(user, 'garden');
    for (const [topic, content] of [
      ['tomatoes', 'The tomatoes are ripening nicely'],
      ['beans', 'Beans need poles, not tomatoes cages'],
      ['compost', 'Turn the compost weekly'],
    ] as const) {
      await org.api(bob)('POST', '/messages', { type: 'stream', to: 'garden', topic, content });
    }
    ui = await openRendererPage(org, alice);
    page = ui.page;
    await page.getByRole('button', { name: '# garden' }).click();
    await page.locator('.message', { hasText: 'Turn the compost weekly' }).waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
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
    await box().pressSequentially('gar');
    await expect
      .poll(() => suggestions().getByRole('option').allInnerTexts())
      .toEqual([expect.stringMatching(/^stream:gar\s/), expect.stringMatching(/^stream:garden\s/)]);
    await box().press('ArrowDown');
    await box().press('Enter');
    await expect.poll(() => box().inputValue()).toBe('stream:garden');
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
    const starred = await org.api(alice)('GET', '/messages', {
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
