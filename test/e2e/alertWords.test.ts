import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 17, point 6: the user keeps alert words on the notification settings
// page, and a message holding one is marked in the feed.

describe('alert words', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let ui: RendererPage;
  let page: Page;

  const section = () => page.getByRole('region', { name: 'Alert words' });
  const words = () => section().getByRole('list', { name: 'Your alert words' });
  const serverWords = async () =>
    (await org.api(alice)('GET', '/users/me/alert_words')).json.alert_words as string[];

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'kitchen');
    await org.subscribe(bob, 'kitchen');
    ui = await openRendererPage(org, alice, { viewport: { width: 1100, height: 900 } });
    page = ui.page;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await section().getByLabel('New alert word').waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  it('adds a word with the Add button and another with Enter', async () => {
    const field = section().getByLabel('New alert word');
    await field.fill('deploy');
    await section().getByRole('button', { name: 'Add', exact: true }).click();
    await words().getByText('deploy', { exact: true }).waitFor();
    expect(await field.inputValue()).toBe('');
    await field.fill('coffee machine');
    await field.press('Enter');
    await words().getByText('coffee machine', { exact: true }).waitFor();
    expect(await serverWords()).toEqual(['deploy', 'coffee machine']);
    await section().scrollIntoViewIfNeeded();
    await ui.screenshot('alert-words');
  });

  it('follows a word added on another device', async () => {
    await org.api(alice)('POST', '/users/me/alert_words', { alert_words: ['lunch'] });
    await words().getByText('lunch', { exact: true }).waitFor();
  });

  it('removes a word by its Remove button', async () => {
    await section().getByRole('button', { name: 'Remove coffee machine' }).click();
    await expect.poll(() => serverWords()).toEqual(['deploy', 'lunch']);
    await expect.poll(() => words().getByText('coffee machine').count()).toBe(0);
  });

  it('says beside the field that a word is too long, before anything is sent', async () => {
    // The field stops at 100 characters; Zulip's limit is met past the field.
    await section()
      .getByLabel('New alert word')
      .evaluate((field: HTMLInputElement) => field.removeAttribute('maxlength'));
    await section().getByLabel('New alert word').fill('y'.repeat(101));
    await section().getByRole('button', { name: 'Add', exact: true }).click();
    await section().getByRole('alert').waitFor();
    expect(await section().getByRole('alert').innerText()).toBe('Use at most 100 characters.');
    await section().getByLabel('New alert word').fill('');
  });

  it('marks a message that holds one of the words, and not the others', async () => {
    await org.sendStream(bob, 'kitchen', 'news', 'Nothing to see here.');
    await org.sendStream(bob, 'kitchen', 'news', 'The deploy is done.');
    await page.getByRole('button', { name: '# kitchen' }).click();
    const marked = page.locator('.message', { hasText: 'The deploy is done.' });
    await marked.getByText('Alert word', { exact: true }).waitFor();
    expect(await marked.evaluate((row) => row.classList.contains('alert-word'))).toBe(true);
    const plain = page.locator('.message', { hasText: 'Nothing to see here.' });
    expect(await plain.getByText('Alert word', { exact: true }).count()).toBe(0);
    await ui.screenshot('alert-word-message');
    expect(await seriousViolationsInBothThemes(page, 'a marked message')).toEqual([]);
  });
});
