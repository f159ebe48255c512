import type { CDPSession, ElementHandle, Page } from 'playwright-core';

/** One pass of scrolling through a list, a step each frame, as a reader flinging through it. */
export interface ScrollPass {
  /** Time between frames, ms. */
  frames: number[];
  /** The most elements the list held at any sampled frame. */
  mostNodes: number;
}

/**
 * Scrolls the element by `step` pixels a frame until `doneSelector`'s check
 * holds (the list's first or last message shown at its edge), timing each
 * frame and counting the list's elements every few frames.
 */
export function scrollPass(
  page: Page,
  scroller: string,
  step: number,
  endId: number,
): Promise<ScrollPass> {
  return page.evaluate(
    ({ scroller, step, endId }) =>
      new Promise<ScrollPass>((resolve, reject) => {
        const element = document.querySelector<HTMLElement>(scroller);
        if (!element) return reject(new Error(`no ${scroller}`));
        const frames: number[] = [];
        let mostNodes = 0;
        let last = performance.now();
        const startedAt = last;
        const atEnd = (): boolean => {
          const edge =
            step < 0
              ? element.scrollTop <= 0
              : element.scrollHeight - element.scrollTop - element.clientHeight < 1;
          const messages = element.querySelectorAll('[data-message-id]');
          const outer = step < 0 ? messages[0] : messages[messages.length - 1];
          return edge && outer?.getAttribute('data-message-id') === String(endId);
        };
        const frame = (now: number): void => {
          frames.push(now - last);
          last = now;
          if (frames.length % 20 === 0) {
            mostNodes = Math.max(mostNodes, element.getElementsByTagName('*').length);
          }
          // A line now and then, for the bench to show how far a long pass has come.
          if (frames.length % 600 === 0) {
            const shown = element.querySelectorAll('[data-message-id]');
            console.log(
              `[scroll] ${frames.length} frames, at ${element.scrollTop}px, messages ${shown[0]?.getAttribute('data-message-id') ?? '-'} to ${shown[shown.length - 1]?.getAttribute('data-message-id') ?? '-'}, ${element.querySelector('.feed-notice')?.textContent?.trim() ?? ''}`,
            );
          }
          if (atEnd()) return resolve({ frames, mostNodes });
          if (now - startedAt > 1_800_000)
            return reject(new Error('scrolling did not reach the end'));
          element.scrollTop += step;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { scroller, step, endId },
  );
}

/**
 * A clock for "painted", run in the page: after the DOM holds a match, the
 * next frame, then the first task after it (when that frame has been drawn). It
 * also notes when each WebSocket frame arrives, so that an event's arrival
 * can be told apart from the time the host took.
 */
export function paintClock(): void {
  const clock = window as unknown as {
    paintedWhen: (selector: string, text?: string) => Promise<number>;
    arrivals: { at: number; data: string }[];
  };
  clock.arrivals = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.addEventListener('message', (event: MessageEvent<string>) => {
        clock.arrivals.push({ at: performance.now(), data: event.data });
        if (clock.arrivals.length > 200) clock.arrivals.shift();
      });
    }
  };
  clock.paintedWhen = (selector, text) =>
    new Promise((resolve) => {
      const shows = (): boolean =>
        text === undefined
          ? document.querySelector(selector) !== null
          : [...document.querySelectorAll(selector)].some((element) =>
              element.textContent?.includes(text),
            );
      const painted = (): void => {
        requestAnimationFrame(() => {
          // Ahead of tasks already queued (another event from the host, say):
          // they run after the frame and do not hold up its paint.
          void scheduler.postTask(() => resolve(performance.now()), {
            priority: 'user-blocking',
          });
        });
      };
      if (shows()) return painted();
      const observer = new MutationObserver(() => {
        if (!shows()) return;
        observer.disconnect();
        painted();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
}

// tsx keeps function names by wrapping them in a `__name` helper, which the
// functions sent into the page take along but the page does not have.
export const keepNamesShim = 'globalThis.__name ??= (target) => target;';

/** Installs the paint clock before the page's own scripts. */
export async function installPaintClock(page: Page): Promise<void> {
  await page.addInitScript(keepNamesShim);
  await page.addInitScript(paintClock);
}

/** Clicks the element in the page and times until `selector` shows, painted. */
export function clickToPaint(button: ElementHandle, selector: string): Promise<number> {
  return button.evaluate(async (element, selector) => {
    const clock = window as unknown as { paintedWhen: (selector: string) => Promise<number> };
    const start = performance.now();
    const done = clock.paintedWhen(selector);
    (element as HTMLElement).click();
    return (await done) - start;
  }, selector);
}

/**
 * Starts watching for an element matching `selector` that says `marker`;
 * `arrivalToPaint` then gives the time from the WebSocket frame naming
 * `marker` to that element painted.
 */
export async function watchFor(page: Page, selector: string, marker: string): Promise<void> {
  await page.evaluate(
    ({ selector, marker }) => {
      const clock = window as unknown as {
        paintedWhen: (selector: string, text: string) => Promise<number>;
        watched?: Promise<number>;
      };
      clock.watched = clock.paintedWhen(selector, marker);
    },
    { selector, marker },
  );
}

export function arrivalToPaint(page: Page, marker: string): Promise<number> {
  return page.evaluate(async (marker) => {
    const clock = window as unknown as {
      watched?: Promise<number>;
      arrivals: { at: number; data: string }[];
    };
    const painted = await clock.watched;
    const arrival = clock.arrivals.find((frame) => frame.data.includes(marker));
    if (painted === undefined || !arrival) throw new Error(`no frame carried ${marker}`);
    return painted - arrival.at;
  }, marker);
}

/** The page's JavaScript heap after a full collection, in bytes. */
export async function heapAfterGc(session: CDPSession): Promise<number> {
  await session.send('HeapProfiler.collectGarbage');
  const usage = await session.send('Runtime.getHeapUsage');
  return usage.usedSize;
}

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
}
