import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 15, point 3: Zulip's Inbox lists what is unread, private conversations
// first, then each stream with its topics, and follows the server's events.

describe('the Inbox view', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let ui: RendererPage;
  let page: Page;

  const inbox = () => page.getByRole('region', { name: 'Inbox' });
  const group = (name: string) => inbox().getByRole('region', { name: new RegExp(name) });
  const row = (name: string | RegExp) => inbox().getByRole('button', { name });
  const say = (stream: string, topic: string, content: string) =>
    org.api(bob)('POST', '/messages', { type: 'stream', to: stream, topic, content });

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    for (const user of [alice, bob]) {
      await org.subscribe(user, 'kitchen');
      await org.subscribe(user, 'workshop');
    }
    await say('kitchen', 'lunch', 'Soup at noon?');
    await say('kitchen', 'lunch', 'Or salad.');
    await say('kitchen', 'menu', `@**${alice.fullName}** can you write the menu?`);
    await say('workshop', 'saws', 'The big saw needs a new blade.');
    await org.api(bob)('POST', '/messages', {
      type: 'private',
      to: JSON.stringify([alice.id]),
      content: 'Coffee later?',
    });
    ui = await openRendererPage(org, alice);
    page = ui.page;
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: 'Inbox' })
      .click();
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  it('lists unread private conversations first, then each stream with its topics and counts', async () => {
    await expect
      .poll(() => inbox().getByRole('heading').allInnerTexts())
      .toEqual([
        expect.stringMatching(/Direct messages\s*1\s*unread$/),
        expect.stringMatching(/^# kitchen\s*3/),
        expect.stringMatching(/^# workshop\s*1/),
      ]);
    expect(await group('Direct messages').getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(new RegExp(`^${bob.fullName}\\s*1`)),
    ]);
    // Topics by their newest unread message; a mention is marked.
    expect(await group('kitchen').getByRole('button').allInnerTexts()).toEqual([
      expect.stringMatching(/^menu\s*@\s*mentions you,\s*1\s*unread$/),
      expect.stringMatching(/^lunch\s*2/),
    ]);
    expect(await row(/^lunch/).innerText()).not.toContain('@');
    const swatch = group('kitchen').locator('.inbox-heading');
    expect(await swatch.evaluate((node) => getComputedStyle(node).borderLeftStyle)).toBe('solid');
    await ui.screenshot('inbox');
    expect(ui.pageErrors).toEqual([]);
  });

  it('moves between rows with the arrows, and Enter opens the conversation, whose reading removes it', async () => {
    await row(/^Bob/).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/lunch/);
    await page.keyboard.press('Enter');
    await page.locator('.message', { hasText: 'Or salad.' }).waitFor();
    // The window marks what it shows as read; the server's event then empties the topic.
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: 'Inbox' })
      .click();
    await expect
      .poll(() => group('kitchen').getByRole('button').allInnerTexts())
      .toEqual([expect.stringMatching(/^menu/)]);
    await expect
      .poll(() => group('kitchen').getByRole('heading').innerText())
      .toMatch(/\s1\s*unread$/);
  });

  it('follows the server: a new message adds its topic, a topic read elsewhere leaves', async () => {
    await say('workshop', 'glue', 'Who took the wood glue?');
    await expect
      .poll(() => group('workshop').getByRole('button').allInnerTexts())
      .toEqual([expect.stringMatching(/^glue\s*1/), expect.stringMatching(/^saws\s*1/)]);
    await expect
      .poll(() => group('workshop').getByRole('heading').innerText())
      .toMatch(/\s2\s*unread$/);
    const workshop = (await org.api(alice)('GET', '/get_stream_id', { stream: 'workshop' })).json
      .stream_id as number;
    await org.api(alice)('POST', '/mark_stream_as_read', { stream_id: workshop });
    await expect.poll(() => group('workshop').count()).toBe(0);
    expect(await group('kitchen').count()).toBe(1);
  });
});
