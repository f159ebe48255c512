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
  window = await openRendererPage(org, alice);
});

afterAll(async () => {
  await window?.close();
  await org?.close();
});

describe('a message the server refuses', () => {
  it('shows as failed with the reason, and Edit puts it back in the compose box', async () => {
    const { page } = window;
    // Only administrators post to an announcement stream, which the window does not check.
    const created = await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'notices' }],
      principals: [alice.email, org.owner.email],
      is_announcement_only: true,
    });
    expect(created.status).toBe(200);
    await page.getByRole('button', { name: /# notices/ }).click();
    await page.getByRole('combobox', { name: 'Topic' }).fill('holidays');
    const text = 'The office is closed on Monday';
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();

    const failed = page.locator('.outbox-entry.failed');
    await failed.getByText(/Failed: Only organization administrators/).waitFor();
    expect(await failed.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    expect(await failed.getByRole('button', { name: 'Discard' }).count()).toBe(1);
    await window.screenshot('outbox-failed');

    await failed.getByRole('button', { name: 'Edit' }).click();
    // Edit discards the entry in the main process first, so the box fills a round trip later.
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(text);
    await expect(page.getByRole('combobox', { name: 'Topic' }).inputValue()).resolves.toBe(
      'holidays',
    );
    expect(await page.locator('.outbox-entry').count()).toBe(0);
    expect(window.pageErrors).toEqual([]);
  });
});
