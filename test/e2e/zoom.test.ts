import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 57, point 4: the window zoomed to 67%, 100% and 150% still shows a
// long channel whole, each row below the one before, and keeps the reader's
// place when the zoom changes. Electron's zoom is Chromium's page zoom: a
// window of W×H pixels at zoom z lays the page out in W/z×H/z CSS pixels,
// each z device pixels wide.

const count = 160;
const windowSize = { width: 1100, height: 700 };
const metricsAt = (zoom: number) => ({
  width: Math.round(windowSize.width / zoom),
  height: Math.round(windowSize.height / zoom),
});

function contentOf(n: number): string {
  // Messages of every height, so that a zoom that rewraps them moves every row.
  if (n % 11 === 0) return `note ${n}\n\n\`\`\`\nfor n in range(${n}):\n    print(n)\n\`\`\``;
  if (n % 5 === 0) return `note ${n}\n\n${'A longer paragraph of the log. '.repeat(10)}`;
  return `note ${n}`;
}

let org: Org;
let alice: TestUser;

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
}, 120_000);

afterAll(() => org?.close());

/** What a test reads of the window's feed. */
function feedOf(page: Page) {
  const feed = page.getByRole('list', { name: 'Messages', exact: true });
  const scroller = page.locator('.feed').first();
  const frame = () => page.evaluate(() => new Promise(requestAnimationFrame));
  const shownNotes = () =>
    feed
      .locator('.message .message-content')
      .evaluateAll((items) =>
        items.map((item) => Number(/note (\d+)/.exec(item.textContent ?? '')?.[1])),
      );
  const open = async () => {
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: '# logbook' })
      .click();
    await feed.locator('.message', { hasText: `note ${count}` }).waitFor();
  };

  /** Every row of the list against the one before: none over it, none far below it. */
  const rowLayout = () =>
    feed.evaluate((list) => {
      const boxes = [...list.children].map((row) => row.getBoundingClientRect());
      const gaps = boxes.slice(1).map((box, at) => box.top - (boxes[at]?.bottom ?? box.top));
      return {
        smallestGap: Math.min(...gaps),
        largestGap: Math.max(...gaps),
        emptyRows: boxes.filter((box) => box.height < 1).length,
      };
    });
  const atTop = () => scroller.evaluate((element) => element.scrollTop < 1);
  const atBottom = () =>
    scroller.evaluate(
      (element) => element.scrollHeight - element.scrollTop - element.clientHeight < 2,
    );
  /** Scrolls most of a screen at a time until `done`, the rows laid out right at every step. */
  const scrollUntil = async (direction: 1 | -1, done: () => Promise<boolean>) => {
    for (let step = 0; step < 400 && !(await done()); step++) {
      await scroller.evaluate(
        (element, direction) => element.scrollBy(0, direction * element.clientHeight * 0.8),
        direction,
      );
      await frame();
      const layout = await rowLayout();
      expect(layout.smallestGap).toBeGreaterThanOrEqual(-0.5);
      expect(layout.largestGap).toBeLessThan(24);
    }
  };
  /** Whether the message saying `note n` shows, at least in part, in the feed's view. */
  const noteInView = (n: number) =>
    scroller.evaluate((element, n) => {
      const view = element.getBoundingClientRect();
      const item = [...element.querySelectorAll('.message')].find((message) =>
        new RegExp(`^\\s*note ${n}\\b`).test(
          message.querySelector('.message-content')?.textContent ?? '',
        ),
      );
      const box = item?.getBoundingClientRect();
      return box !== undefined && box.bottom > view.top && box.top < view.bottom;
    }, n);
  /** The first message whose bottom shows, and how far its top is from the feed's top, in CSS pixels. */
  const topOfView = () =>
    scroller.evaluate((element) => {
      const top = element.getBoundingClientRect().top;
      for (const item of element.querySelectorAll('.message')) {
        const box = item.getBoundingClientRect();
        const text = item.querySelector('.message-content')?.textContent ?? '';
        if (box.bottom > top) {
          return { note: Number(/note (\d+)/.exec(text)?.[1]), offset: box.top - top };
        }
      }
      return null;
    });
  return {
    scroller,
    frame,
    shownNotes,
    open,
    rowLayout,
    atTop,
    atBottom,
    scrollUntil,
    noteInView,
    topOfView,
  };
}

describe.each([
  [0.67, 'zoom-67'],
  [1, 'zoom-100'],
  [1.5, 'zoom-150'],
])('the feed in a window zoomed to %s', (zoom, screenshot) => {
  let ui: RendererPage;
  let feed: ReturnType<typeof feedOf>;

  beforeAll(async () => {
    ui = await openRendererPage(org, alice, { viewport: metricsAt(zoom), deviceScaleFactor: zoom });
    feed = feedOf(ui.page);
    await feed.open();
  }, 60_000);

  afterAll(() => ui?.close());

  it('scrolls to the first message and back to the last, every row below the one before', async () => {
    expect(await ui.page.evaluate(() => window.innerWidth)).toBe(metricsAt(zoom).width);
    const beginning = ui.page.locator('.feed-notice.beginning');
    await feed.scrollUntil(-1, async () => (await beginning.count()) > 0 && (await feed.atTop()));
    expect(await beginning.isVisible()).toBe(true);
    expect((await feed.shownNotes())[0]).toBe(1);
    expect(await feed.noteInView(1)).toBe(true);
    expect((await feed.rowLayout()).emptyRows).toBe(0);

    await feed.scrollUntil(
      1,
      async () => (await feed.atBottom()) && (await feed.shownNotes()).includes(count),
    );
    expect((await feed.shownNotes()).at(-1)).toBe(count);
    expect(await feed.noteInView(count)).toBe(true);
    await ui.screenshot(screenshot);
  }, 60_000);

  it('keeps every control of the compose box inside the window, wide enough to type in', async () => {
    const width = await ui.page.evaluate(() => window.innerWidth);
    const boxes = (selector: string) =>
      ui.page
        .locator('.compose')
        .locator(selector)
        .evaluateAll((elements) =>
          elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
        );
    for (const box of await boxes('input, select, textarea, button')) {
      expect(box.right).toBeLessThanOrEqual(width);
    }
    for (const box of await boxes('[aria-label="Topic"], textarea')) {
      expect(box.width).toBeGreaterThanOrEqual(120);
    }
  });
});

describe('a window whose zoom changes', () => {
  let ui: RendererPage;
  let page: Page;
  let cdp: CDPSession;
  let stopFollowing: () => void;
  let feed: ReturnType<typeof feedOf>;

  /** Zooms as the View menu does, and waits until the page is laid out at the new zoom. */
  const zoomTo = async (zoom: number) => {
    await ui.hearth.app.setPreferences({ zoomFactor: zoom });
    await zoomed(zoom);
  };
  const zoomed = async (zoom: number) => {
    await expect.poll(() => page.evaluate(() => window.devicePixelRatio)).toBeCloseTo(zoom, 3);
    await feed.frame();
    await feed.frame();
  };

  beforeAll(async () => {
    ui = await openRendererPage(org, alice, { viewport: windowSize });
    page = ui.page;
    feed = feedOf(page);
    // The test plays main's part (desktop/zoom.ts): the page follows the preference.
    cdp = await page.context().newCDPSession(page);
    stopFollowing = ui.hearth.app.on('appState', (state) => {
      const zoom = state.preferences.zoomFactor;
      void cdp.send('Emulation.setDeviceMetricsOverride', {
        ...metricsAt(zoom),
        deviceScaleFactor: zoom,
        mobile: false,
      });
    });
    await feed.open();
  }, 60_000);

  afterAll(async () => {
    stopFollowing?.();
    await ui?.close();
  });

  it('keeps the message at the top of the view there', async () => {
    // Back several screens, with a message's first line at the top of the view.
    // Far enough that what lies below fills the view at 67% too, as the end of the channel would not.
    for (let screen = 0; screen < 8; screen++) {
      await feed.scroller.evaluate((element) => element.scrollBy(0, -element.clientHeight * 0.8));
      await feed.frame();
    }
    await feed.frame();
    await feed.scroller.evaluate((element) => {
      const top = element.getBoundingClientRect().top;
      const next = [...element.querySelectorAll('.message')].find(
        (item) => item.getBoundingClientRect().top >= top,
      );
      element.scrollBy(0, (next?.getBoundingClientRect().top ?? top) - top);
    });
    await feed.frame();
    const before = await feed.topOfView();
    expect(before?.note).toBeGreaterThan(1);
    expect(before?.note).toBeLessThan(count);
    expect(Math.abs(before?.offset ?? Infinity)).toBeLessThan(2);
    for (const zoom of [1.5, 0.67, 1]) {
      await zoomTo(zoom);
      const after = await feed.topOfView();
      expect({ zoom, note: after?.note }).toEqual({ zoom, note: before?.note });
      expect(Math.abs((after?.offset ?? Infinity) - (before?.offset ?? 0))).toBeLessThan(2);
    }
  });

  it('is chosen in Settings › Desktop, which shows the zoom in use', async () => {
    await zoomTo(1);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Desktop' }).click();
    const zoom = page.getByRole('region', { name: 'Zoom' }).getByRole('combobox');
    const chosen = () =>
      zoom.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text);
    await expect.poll(chosen).toBe('100%');
    expect(await zoom.locator('option').allInnerTexts()).toEqual(
      ['50', '67', '75', '80', '90', '100', '110', '125', '150', '175', '200', '250', '300'].map(
        (percent) => `${percent}%`,
      ),
    );
    await ui.screenshot('zoom-settings');

    await zoom.selectOption({ label: '150%' });
    await zoomed(1.5);
    expect(ui.hearth.app.appState().preferences.zoomFactor).toBe(1.5);
    expect(await chosen()).toBe('150%');

    // A preferences file edited by hand, between two steps.
    await ui.hearth.app.setPreferences({ zoomFactor: 1.33 });
    await expect.poll(chosen).toBe('133%');
    await zoom.selectOption({ label: '100%' });
    await zoomed(1);
    expect(ui.hearth.app.appState().preferences.zoomFactor).toBe(1);
  });
});
