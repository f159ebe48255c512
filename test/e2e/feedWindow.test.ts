import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { spanMost, spanSize, spanStep } from '../../src-renderer/src/lib/feedWindow';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 15, point 2: the feed is virtualized. A long narrow is read from end
// to beginning and back, by scrolling and by the keyboard, with only a
// bounded stretch of it in the page at any moment.

const count = 400;

function contentOf(n: number): string {
  if (n % 25 === 0) return `note ${n}\n\n\`\`\`python\nfor n in range(${n}):\n    print(n)\n\`\`\``;
  if (n % 17 === 0) return `note ${n}: $$\\sum_{k=1}^{${n}} k^2$$`;
  if (n % 7 === 0) return `note ${n}\n\n${'A longer paragraph of the log. '.repeat(12)}`;
  return `note ${n}`;
}

describe('a long narrow in the feed', () => {
  let org: Org;
  let alice: TestUser;
  let ui: RendererPage;
  let page: Page;

  const feed = () => page.getByRole('list', { name: 'Messages' });
  const scroller = () => page.locator('.feed').first();
  const shownNotes = () =>
    feed()
      .locator('.message .message-content')
      .evaluateAll((items) =>
        items.map((item) => Number(/note (\d+)/.exec(item.textContent ?? '')?.[1])),
      );

  const shownNotesOf = (word: string) =>
    feed()
      .locator('.message .message-content')
      .evaluateAll(
        (items, word) =>
          items.map((item) =>
            Number(new RegExp(`${word} (\\d+)`).exec(item.textContent ?? '')?.[1]),
          ),
        word,
      );

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    const bob = await org.user('bob');
    for (const user of [alice, bob]) await org.subscribe(user, 'logbook');
    for (let n = 1; n <= count; n++) {
      await org.api(n % 3 === 0 ? alice : bob)('POST', '/messages', {
        type: 'stream',
        to: 'logbook',
        topic: 'daily',
        content: contentOf(n),
      });
    }
    await org.api(alice)('POST', '/mark_all_as_read');
    ui = await openRendererPage(org, alice);
    page = ui.page;
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: '# logbook' })
      .click();
    await feed()
      .locator('.message', { hasText: `note ${count}` })
      .waitFor();
  }, 120_000);

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  it('scrolls from the newest message to the first and back, never holding more than a stretch', async () => {
    const seen = new Set<number>();
    let most = 0;
    // Up, a screen at a time, until the beginning of the narrow shows.
    const beginning = page.locator('.feed-notice.beginning');
    for (let step = 0; step < 2_000 && (await beginning.count()) === 0; step++) {
      await scroller().evaluate((element) => element.scrollBy(0, -element.clientHeight * 0.8));
      await page.evaluate(() => new Promise(requestAnimationFrame));
      const notes = await shownNotes();
      for (const note of notes) seen.add(note);
      most = Math.max(most, notes.length);
    }
    expect(await beginning.innerText()).toMatch(/The beginning of .*logbook/);
    expect(seen.size).toBe(count);
    expect(most).toBeLessThanOrEqual(spanMost);
    // The page holds the oldest stretch, in order, with the first message at the top.
    const top = await shownNotes();
    expect(top[0]).toBe(1);
    expect(top).toEqual([...top].sort((a, b) => a - b));

    for (let step = 0; step < 2_000; step++) {
      const atEnd = await scroller().evaluate(
        (element) => element.scrollHeight - element.scrollTop - element.clientHeight < 2,
      );
      if (atEnd && (await shownNotes()).includes(count)) break;
      await scroller().evaluate((element) => element.scrollBy(0, element.clientHeight * 0.8));
      await page.evaluate(() => new Promise(requestAnimationFrame));
      most = Math.max(most, (await shownNotes()).length);
    }
    expect((await shownNotes()).at(-1)).toBe(count);
    expect(most).toBeLessThanOrEqual(spanMost);
    await ui.screenshot('e2e-feed-long-narrow');
  });

  it('keeps the message the reader is at in place when one above it grows, as an image that loads', async () => {
    await scroller().evaluate((element) => element.scrollBy(0, -element.clientHeight * 1.5));
    await page.evaluate(() => new Promise(requestAnimationFrame));
    // The first message whose bottom shows, and how far from the feed's top it is.
    const topOfView = () =>
      scroller().evaluate((element) => {
        const top = element.getBoundingClientRect().top;
        for (const item of element.querySelectorAll<HTMLElement>('[data-message-id]')) {
          const box = item.getBoundingClientRect();
          if (box.bottom > top) return { id: item.dataset.messageId, offset: box.top - top };
        }
        return null;
      });
    const before = await topOfView();
    expect(before).not.toBeNull();
    await scroller().evaluate((element, id) => {
      const above = element.querySelector(`[data-message-id="${id}"]`)?.previousElementSibling;
      if (!(above instanceof HTMLElement)) throw new Error('no message above the view');
      above.style.paddingTop = '240px';
    }, before?.id);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    await page.evaluate(() => new Promise(requestAnimationFrame));
    const after = await topOfView();
    expect(after?.id).toBe(before?.id);
    expect(Math.abs((after?.offset ?? Infinity) - (before?.offset ?? 0))).toBeLessThan(2);
  });

  it('moves the selection with the keyboard past the end of the stretch', async () => {
    const newest = feed().locator('.message', { hasText: `note ${count}` });
    await newest.focus();
    const steps = spanSize + 20;
    for (let n = 0; n < steps; n++) await page.keyboard.press('k');
    const selected = page.locator('.message:focus .message-content');
    await expect.poll(() => selected.innerText()).toMatch(new RegExp(`^note ${count - steps}\\b`));
    expect((await shownNotes()).length).toBeLessThanOrEqual(spanMost);
    for (let n = 0; n < steps; n++) await page.keyboard.press('j');
    await expect.poll(() => selected.innerText()).toMatch(new RegExp(`^note ${count}\\b`));
  });

  it('follows keys that come faster than the page paints, past the end of the stretch', async () => {
    await feed()
      .locator('.message', { hasText: `note ${count}` })
      .focus();
    const steps = spanSize + 20;
    // The keys come in one task: the page updates between them, but no frame
    // is painted, so no scroll event tells the stretch to slide.
    const press = (key: string) =>
      page.evaluate(
        async ({ key, steps }) => {
          for (let n = 0; n < steps; n++) {
            document.activeElement?.dispatchEvent(
              new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
            );
            for (let turn = 0; turn < 3; turn++) await Promise.resolve();
          }
        },
        { key, steps },
      );
    const selected = page.locator('.message:focus .message-content');
    await press('k');
    expect(await selected.innerText()).toMatch(new RegExp(`^note ${count - steps}\\b`));
    await press('j');
    expect(await selected.innerText()).toMatch(new RegExp(`^note ${count}\\b`));
  });

  it('switches between narrows it has shown in one step, with a stretch about the view', async () => {
    const bob = await org.user('bob');
    for (const user of [alice, bob]) await org.subscribe(user, 'kitchen');
    for (let n = 1; n <= 60; n++) {
      await org.api(bob)('POST', '/messages', {
        type: 'stream',
        to: 'kitchen',
        topic: 'lunch',
        content: `dish ${n}\n\n${'What the kitchen serves today, and for whom. '.repeat(3)}`,
      });
    }
    await org.api(alice)('POST', '/mark_all_as_read');
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    const heading = page.getByRole('heading', { level: 1 });
    const open = async (stream: string, last: string) => {
      await sidebar.getByRole('button', { name: `# ${stream}` }).click();
      await feed().locator('.message', { hasText: last }).waitFor();
    };
    await open('kitchen', 'dish 60');
    await open('logbook', `note ${count}`);

    // Every state the page passes through on the way to the kitchen is
    // written down: none may say "Loading…", or show the logbook's notes
    // under the kitchen's title, or the kitchen's dishes under the logbook's.
    await page.evaluate(`(() => {
      window.switchStates = [];
      const note = () => {
        const title = document.querySelector('h1')?.textContent ?? '';
        const text = document.querySelector('.feed')?.textContent ?? '';
        window.switchStates.push({
          title,
          loading: text.includes('Loading'),
          notes: /note \\d/.test(text),
          dishes: /dish \\d/.test(text),
          messages: document.querySelectorAll('.feed .message').length,
        });
      };
      window.switchObserver = new MutationObserver(note);
      window.switchObserver.observe(document.body, { childList: true, subtree: true, characterData: true });
    })()`);
    await open('kitchen', 'dish 60');
    await page.evaluate('window.switchObserver.disconnect()');
    const states = (await page.evaluate('window.switchStates')) as {
      title: string;
      loading: boolean;
      notes: boolean;
      dishes: boolean;
      messages: number;
    }[];
    expect(states.length).toBeGreaterThan(0);
    expect(states.filter((state) => state.loading)).toEqual([]);
    expect(states.filter((state) => state.title.includes('kitchen') && state.notes)).toEqual([]);
    expect(states.filter((state) => state.title.includes('logbook') && state.dishes)).toEqual([]);
    expect(await heading.innerText()).toContain('kitchen');

    // The narrow is first drawn with about a view of its messages, not the
    // whole stretch; scrolling up fills in the rest.
    const firstDrawn = states.find((state) => state.title.includes('kitchen'));
    expect(firstDrawn?.messages).toBeGreaterThan(0);
    expect(firstDrawn?.messages).toBeLessThan(spanSize);
    const first = await shownNotesOf('dish');
    expect(first.at(-1)).toBe(60);
    for (let step = 0; step < 20 && (await shownNotesOf('dish'))[0] !== 1; step++) {
      await scroller().evaluate((element) => (element.scrollTop = 0));
      await page.evaluate(() => new Promise(requestAnimationFrame));
    }
    expect((await shownNotesOf('dish'))[0]).toBe(1);
    await open('logbook', `note ${count}`);
  });

  it('keeps the reader at the newest message as new ones arrive', async () => {
    // The reader is at the end of the narrow.
    await scroller().evaluate((element) => (element.scrollTop = element.scrollHeight));
    // More than the page holds: it must give back its top as they arrive.
    const arriving = spanMost + spanStep;
    for (let n = 1; n <= arriving; n++) {
      await org.api(org.owner)('POST', '/messages', {
        type: 'stream',
        to: 'logbook',
        topic: 'daily',
        content: `note ${count + n}`,
      });
    }
    await feed()
      .locator('.message', { hasText: `note ${count + arriving}` })
      .waitFor();
    const lastShown = async () => {
      const lastBox = await feed().locator('.message').last().boundingBox();
      const view = await scroller().boundingBox();
      return (
        lastBox !== null && view !== null && lastBox.y + lastBox.height <= view.y + view.height + 1
      );
    };
    await expect.poll(lastShown).toBe(true);
    // The page gives back its top once the window is idle, and the reader stays at the end.
    await expect.poll(async () => (await shownNotes()).length).toBeLessThanOrEqual(spanMost);
    expect(await lastShown()).toBe(true);
  });
});
