import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { restartableWindow } from '../helpers/restartableWindow';

// Issue 17, point 1 in the window: Alice reacts through the emoji picker with
// the keyboard alone, Bob sees it live and adds his and takes it back by
// clicking the chip, and Alice's app, restarted while the server is down,
// still shows the reactions from its cache (point 7).

describe('emoji reactions', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let app: ReturnType<typeof restartableWindow>;
  let aliceUi: RendererPage;
  let bobUi: RendererPage | null = null;
  let messageId: number;

  const message = (page: Page) =>
    page.locator('.message', { hasText: 'The bread is out of the oven' });
  const chip = (page: Page) => message(page).getByRole('button', { name: /reacted with :tada:/ });
  const count = (page: Page) => chip(page).locator('.count').innerText();
  const picker = (page: Page) => page.getByRole('dialog', { name: 'Add a reaction' });

  async function openKitchen(page: Page): Promise<void> {
    await page.getByRole('button', { name: '# kitchen' }).click();
    await message(page).waitFor();
  }

  beforeAll(async () => {
    org = await startOrg({ queueTimeouts: { heartbeatMs: 1_000 } });
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'kitchen');
    await org.subscribe(bob, 'kitchen');
    messageId = await org.sendStream(bob, 'kitchen', 'baking', 'The bread is out of the oven');
    app = restartableWindow(org, alice, { viewport: { width: 1100, height: 800 } });
    aliceUi = await app.open();
    bobUi = await openRendererPage(org, bob, { viewport: { width: 1100, height: 800 } });
    await openKitchen(aliceUi.page);
    await openKitchen(bobUi.page);
  });

  afterAll(async () => {
    await aliceUi?.close();
    await bobUi?.close();
    await org?.close();
    await app?.removeProfile();
  });

  it('reacts through the picker with the keyboard alone: search, Enter, and the focus goes back', async () => {
    const { page } = aliceUi;
    await message(page).focus();
    await page.keyboard.press('i');
    const focusedItem = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await expect.poll(focusedItem).toBe('Quote and reply');
    for (let step = 0; step < 10 && (await focusedItem()) !== 'Add reaction'; step += 1) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await focusedItem()).toBe('Add reaction');
    await page.keyboard.press('Enter');
    const search = picker(page).getByRole('searchbox', { name: 'Search emoji' });
    await expect
      .poll(() => search.evaluate((field) => field === document.activeElement))
      .toBe(true);
    await picker(page).getByRole('tab', { name: 'Frequently used' }).waitFor();
    await page.keyboard.type('tada');
    await picker(page).getByRole('button', { name: 'tada' }).waitFor();
    await aliceUi.screenshot('emoji-picker-search');
    expect(await seriousViolationsInBothThemes(page, 'the emoji picker')).toEqual([]);
    await page.keyboard.press('Enter');
    await picker(page).waitFor({ state: 'detached' });
    await expect.poll(() => count(page)).toBe('1');
    expect(await chip(page).getAttribute('aria-pressed')).toBe('true');
  });

  it('moves through the grid with the arrows, and Escape closes the picker where it opened', async () => {
    const { page } = aliceUi;
    const add = message(page).getByRole('button', { name: 'Add reaction' }).last();
    await message(page).hover();
    await add.click();
    await picker(page).getByRole('searchbox', { name: 'Search emoji' }).waitFor();
    // What was just picked comes first among the frequently used.
    await expect
      .poll(() => picker(page).locator('.emoji-cell').first().getAttribute('aria-label'))
      .toBe('tada');
    // Tab goes to the chosen category's tab, the arrows to the next one, Tab again into its grid.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    const smileys = picker(page).getByRole('tab', { name: 'Smileys & Emotion' });
    expect(await smileys.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const focused = () =>
      page.evaluate(() => {
        const cells = [...document.querySelectorAll('.emoji-picker .emoji-cell')];
        return cells.indexOf(document.activeElement as Element);
      });
    await expect.poll(focused).toBe(9);
    await aliceUi.screenshot('emoji-picker');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    await page.keyboard.press('Escape');
    await picker(page).waitFor({ state: 'detached' });
    expect(await add.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('puts an emoji from the picker into the message, as :name: where the cursor is', async () => {
    const { page } = aliceUi;
    const field = page.getByRole('textbox', { name: 'Message', exact: true });
    await field.fill('Lovely bread ');
    await page.getByRole('button', { name: 'Add an emoji' }).click();
    const emojiPicker = page.getByRole('dialog', { name: 'Add an emoji to the message' });
    await emojiPicker.getByRole('searchbox', { name: 'Search emoji' }).fill('bread');
    await page.keyboard.press('Enter');
    await emojiPicker.waitFor({ state: 'detached' });
    await expect.poll(() => field.inputValue()).toBe('Lovely bread :bread:');
    expect(await field.evaluate((textarea) => textarea === document.activeElement)).toBe(true);
    await field.fill('');
  });

  it('shows the reaction live to Bob, who adds his and takes it back by clicking the chip', async () => {
    if (!bobUi) throw new Error('Bob’s window is closed');
    const { page } = bobUi;
    await expect.poll(() => count(page)).toBe('1');
    expect(await chip(page).getAttribute('title')).toBe('Alice reacted with :tada:');
    expect(await chip(page).getAttribute('aria-pressed')).toBe('false');
    await chip(page).click();
    await expect.poll(() => count(page)).toBe('2');
    expect(await chip(page).getAttribute('title')).toBe('You and Alice reacted with :tada:');
    expect(await chip(page).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => count(aliceUi.page)).toBe('2');
    // Alice's other reaction, from another device, shows beside it, not highlighted for Bob.
    await org.api(alice)('POST', `/messages/${messageId}/reactions`, {
      emoji_name: 'heart',
      emoji_code: '2764',
      reaction_type: 'unicode_emoji',
    });
    const heart = message(page).getByRole('button', { name: 'Alice reacted with :heart:' });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await message(page).hover();
    await bobUi.screenshot('reactions');
    expect(await seriousViolationsInBothThemes(page, 'reaction chips')).toEqual([]);
    await chip(page).click();
    await expect.poll(() => count(page)).toBe('1');
    expect(await chip(page).getAttribute('aria-pressed')).toBe('false');
  });

  it('keeps the reactions of a restarted app while the server is down, and refuses a new one', async () => {
    await expect.poll(() => count(aliceUi.page)).toBe('1');
    await aliceUi.close();
    await bobUi?.close();
    bobUi = null;
    await org.stop();
    aliceUi = await app.open();
    const { page } = aliceUi;
    // The banner flips between Offline and Catching up as the app retries; the cache answers regardless.
    await openKitchen(page);
    await expect.poll(() => count(page)).toBe('1');
    expect(await chip(page).getAttribute('title')).toBe('You reacted with :tada:');
    await chip(page).click();
    await page
      .getByRole('status')
      .filter({ hasText: /offline/i })
      .filter({ hasText: 'reaction' })
      .waitFor();
    expect(aliceUi.pageErrors).toEqual([]);
  });
});
