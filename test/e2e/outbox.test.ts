import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 13, point 7: a send the server refuses stays in the feed, marked
// failed with the server's reason, to retry, edit or discard.

let org: Org;
let alice: TestUser;
let window: RendererPage;

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  await org.subscribe(alice, 'kitchen');
  window = await openRendererPage(org, alice);
});

afterAll(async () => {
  await window?.close();
  await org?.close();
});

describe('a message the server refuses', () => {
  it('shows as failed with the reason, and Edit puts it back in the compose box', async () => {
    const { page } = window;
    await page.getByRole('button', { name: /# kitchen/ }).click();
    // Under 10,000 characters, so the window takes it; over 10,000 bytes, so the server does not.
    const tooLong = `${'é'.repeat(5990)} end`;
    await page.getByRole('textbox', { name: 'Topic' }).fill('recipes');
    await page.getByRole('textbox', { name: 'Message' }).fill(tooLong);
    await page.getByRole('button', { name: 'Send' }).click();

    const failed = page.locator('.outbox-entry.failed');
    await failed.getByText(/Failed: .*(too long|longer than)/i).waitFor();
    expect(await failed.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    expect(await failed.getByRole('button', { name: 'Discard' }).count()).toBe(1);
    await window.screenshot('outbox-failed');

    await failed.getByRole('button', { name: 'Edit' }).click();
    // Edit discards the entry in the main process first, so the box fills a round trip later.
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue())
      .toBe(tooLong);
    await expect(page.getByRole('textbox', { name: 'Topic' }).inputValue()).resolves.toBe(
      'recipes',
    );
    expect(await page.locator('.outbox-entry').count()).toBe(0);
    expect(window.pageErrors).toEqual([]);
  });
});
