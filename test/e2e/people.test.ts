import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 15, point 1: the right sidebar lists the organization's people with
// their presence, from the presence API; it searches, and opens a direct message.

describe('the people beside the feed', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let ui: RendererPage;
  let page: Page;

  const people = () => page.getByRole('complementary', { name: 'People' });

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    await org.subscribe(alice, 'general');
    // Bob has a client open and in use; Carol has never been online.
    await org.api(bob)('POST', '/users/me/presence', { status: 'active' });
    ui = await openRendererPage(org, alice);
    page = ui.page;
    await people()
      .getByRole('button', { name: new RegExp(bob.fullName) })
      .waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  it('shows who is active and who is offline, the active first', async () => {
    await expect
      .poll(() =>
        people()
          .getByRole('button', { name: new RegExp(bob.fullName) })
          .innerText(),
      )
      .toMatch(/Active/);
    const carolRow = people().getByRole('button', { name: new RegExp(carol.fullName) });
    expect(await carolRow.innerText()).toMatch(/Offline/);
    const names = await people().locator('.person-row .name').allInnerTexts();
    expect(names.indexOf(bob.fullName)).toBeLessThan(names.indexOf(carol.fullName));
    await ui.screenshot('e2e-people');
  });

  it('finds people by any word of their name, and opens a direct message with one', async () => {
    await people()
      .getByRole('searchbox', { name: 'Search people' })
      .fill(carol.fullName.slice(0, 3));
    await expect.poll(() => people().locator('.person-row').count()).toBe(1);
    await people()
      .getByRole('button', { name: new RegExp(carol.fullName) })
      .click();
    await page.locator('.conversation-header h1', { hasText: carol.fullName }).waitFor();
    await people().getByRole('searchbox', { name: 'Search people' }).fill('nobody-like-this');
    await people().getByText('Nobody matches.').waitFor();
  });
});
