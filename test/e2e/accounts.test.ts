import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { startTestHearth } from '../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 13, point 9 (c): an organization hosted on this computer and one on
// another server, side by side; switching keeps each one's narrow.

let remote: Org;
let carol: TestUser;
let window: RendererPage;

beforeAll(async () => {
  remote = await startOrg();
  carol = await remote.user('carol');
  await remote.subscribe(carol, 'design');
  const post = (topic: string, content: string) =>
    remote.api(carol)('POST', '/messages', { type: 'stream', to: 'design', topic, content });
  for (const topic of ['logo', 'colours']) await post(topic, `Thoughts on the ${topic}`);
  // Enough to scroll through, so that switching has a scroll position to keep,
  // and few enough that the whole topic is in the feed's stretch at once.
  for (let note = 1; note <= 28; note += 1) await post('logo', `Logo note ${note}`);
  window = await openWindow(await startTestHearth({ secrets: createMemorySecretStore() }));
});

afterAll(async () => {
  await window?.close();
  await remote?.close();
});

describe('two organizations side by side', () => {
  it('(c) hosts one here, joins another, and switching keeps each one where it was', async () => {
    const { page } = window;
    await page.getByRole('textbox', { name: 'Organization name' }).fill('Lakeside Bakery');
    await page.getByRole('textbox', { name: 'Your name' }).fill('Dana Baker');
    await page.getByRole('textbox', { name: 'Email' }).fill('dana@lakeside.example');
    await page.getByLabel('Password').fill('flour and water');
    await page.getByRole('button', { name: 'Host a new organization' }).click();
    await page.getByRole('button', { name: /# general/ }).click();
    await page.getByRole('combobox', { name: 'Topic' }).fill('opening hours');
    await page.getByRole('textbox', { name: 'Message' }).fill('We open at seven tomorrow');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.message', { hasText: 'We open at seven tomorrow' }).waitFor();
    // Alone in a new organization, the People panel says so rather than "Nobody matches."
    const people = page.getByRole('complementary', { name: 'People' });
    expect(await people.locator('.empty').innerText()).toBe('Nobody else is here yet.');

    await page.getByRole('button', { name: 'Add an organization' }).click();
    await page.getByRole('textbox', { name: 'Server URL' }).fill(remote.url);
    await page.getByRole('button', { name: 'Check server' }).click();
    // The sign-in fields appear once the server has answered the probe.
    await page.getByRole('button', { name: 'Join' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(carol.email);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByRole('button', { name: /# design/ }).click();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: 'logo' })
      .click();
    await page.locator('.message', { hasText: 'Thoughts on the logo' }).waitFor();
    // The stream's feed shows both topics until the topic's own has replaced it.
    await expect
      .poll(() => page.locator('.message', { hasText: 'Thoughts on the colours' }).count())
      .toBe(0);

    await page.getByRole('textbox', { name: 'Message' }).fill('Half a thought about the logo');

    const switcher = page.getByRole('navigation', { name: 'Organizations' });
    await switcher.getByRole('button', { name: 'Lakeside Bakery', exact: true }).click();
    await page.locator('.message', { hasText: 'We open at seven tomorrow' }).waitFor();
    await expect(page.getByRole('textbox', { name: 'Message' }).inputValue()).resolves.toBe('');
    await window.screenshot('account-switcher');

    await switcher.getByRole('button', { name: remote.realmName, exact: true }).click();
    await page.locator('.message', { hasText: 'Thoughts on the logo' }).waitFor();
    expect(await page.locator('.message', { hasText: 'Thoughts on the colours' }).count()).toBe(0);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('logo');
    await expect(page.getByRole('textbox', { name: 'Message' }).inputValue()).resolves.toBe(
      'Half a thought about the logo',
    );

    const state = await window.hearth.service.getAppState({});
    expect(state.accounts.map((account) => [account.realmName, account.hosted])).toEqual([
      ['Lakeside Bakery', true],
      [remote.realmName, false],
    ]);
    expect(window.pageErrors).toEqual([]);
  });

  it('keeps where the reader had scrolled to in each organization', async () => {
    const { page } = window;
    const feed = page.locator('.feed');
    await page.locator('[data-message-id]', { hasText: 'Logo note 12' }).evaluate((item) => {
      item.scrollIntoView({ block: 'start' });
      item.closest('.feed')?.dispatchEvent(new Event('scroll'));
    });
    // The first message whose bottom is below the top of the feed, and how far
    // below, as painted: read between two frames, the page may not yet have
    // put back what an update moved (see FeedView's ResizeObserver).
    const topMessage = () =>
      feed.evaluate(async (scroller) => {
        await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
        const top = scroller.getBoundingClientRect().top;
        for (const item of scroller.querySelectorAll<HTMLElement>('[data-message-id]')) {
          const box = item.getBoundingClientRect();
          if (box.bottom > top) return { text: item.textContent ?? '', offset: box.top - top };
        }
        return null;
      });
    const before = await topMessage();
    expect(before?.text).toContain('Logo note 12');

    const switcher = page.getByRole('navigation', { name: 'Organizations' });
    await switcher.getByRole('button', { name: 'Lakeside Bakery', exact: true }).click();
    await page.locator('.message', { hasText: 'We open at seven tomorrow' }).waitFor();
    await switcher.getByRole('button', { name: remote.realmName, exact: true }).click();
    await page.locator('.message', { hasText: 'Logo note 12' }).waitFor();

    // Once the rest of the stretch has come in around the reader's message.
    await expect
      .poll(async () => {
        const after = await topMessage();
        return after?.text.includes('Logo note 12') === true
          ? Math.abs(after.offset - (before?.offset ?? 0))
          : after?.text;
      })
      .toBeLessThan(2);
  });
});
