import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 15, point 2: older messages load on scroll-up. Offline, the feed says
// what the cache lacks; once the server answers again, scrolling up loads it.

describe('older messages after the link comes back', () => {
  let org: Org;
  let alice: TestUser;
  let ui: RendererPage;
  let page: Page;

  beforeAll(async () => {
    // Frequent heartbeats end each long-poll soon, so a lost host shows within a second.
    org = await startOrg({ queueTimeouts: { heartbeatMs: 1_000 } });
    alice = await org.user('alice');
    const bob = await org.user('bob');
    for (const user of [alice, bob]) await org.subscribe(user, 'archive');
    for (let n = 1; n <= 160; n++) {
      await org.api(bob)('POST', '/messages', {
        type: 'stream',
        to: 'archive',
        topic: 'records',
        content: `record ${n}`,
      });
    }
    // Read, so that the narrow opens at its newest message.
    await org.api(alice)('POST', '/mark_all_as_read');
    ui = await openRendererPage(org, alice);
    page = ui.page;
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  const feed = () => page.locator('.feed');
  const toTop = () => feed().evaluate((element) => (element.scrollTop = 0));

  it('says older messages are not cached while offline, and loads them once online', async () => {
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: '# archive' })
      .click();
    await page.locator('.message', { hasText: 'record 160' }).waitFor();
    await org.stop();
    await page.getByRole('status').filter({ hasText: 'Offline since' }).waitFor();
    const notCached = page.getByText('Older messages are not cached');
    // Up through what the cache holds, to where it ends.
    await expect
      .poll(async () => {
        await toTop();
        return notCached.count();
      })
      .toBe(1);
    expect(await page.locator('.message', { hasText: /^record 1$/ }).count()).toBe(0);

    await org.start();
    await page
      .getByRole('status')
      .filter({ hasText: 'Offline since' })
      .waitFor({ state: 'hidden' });
    await expect
      .poll(
        async () => {
          await toTop();
          return page.locator('.message-content', { hasText: /^record 1$/ }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(await notCached.count()).toBe(0);
    await page.getByText('The beginning of #archive').waitFor();
  });
});
