import type { Page } from 'playwright-core';
import { keepNamesShim } from './pageProbes';

/** A narrow's messages as the server rendered them, oldest first. */
export interface BareNarrow {
  ids: number[];
  html: string[];
}

/**
 * The floor the window is measured against: the same messages as plain
 * `<li>`s in one scrolling list, styled by the app's own stylesheet, with no
 * framework, no sanitizing and no virtualization; a narrow switch replaces the
 * whole list and a new message is one `insertAdjacentHTML`.
 */
export async function openBareList(
  page: Page,
  css: string,
  narrows: readonly BareNarrow[],
): Promise<void> {
  await page.setContent(
    `<!doctype html><html><head><style>${css}</style><style>body{margin:0} .feed{height:100vh}</style></head>` +
      `<body><div class="feed"><ol class="messages"></ol></div>` +
      narrows
        .map(
          (_, index) =>
            `<button class="bare-switch" data-narrow="${index}">narrow ${index}</button>`,
        )
        .join('') +
      `</body></html>`,
  );
  await page.evaluate(keepNamesShim);
  await page.evaluate((narrows) => {
    const list = document.querySelector('.messages');
    if (!list) throw new Error('no list');
    const render = (narrow: BareNarrow): string =>
      narrow.ids
        .map(
          (id, index) =>
            `<li class="message" data-message-id="${id}"><div class="message-body"><div class="message-content">${narrow.html[index] ?? ''}</div></div></li>`,
        )
        .join('');
    const show = (index: number): void => {
      const narrow = narrows[index];
      if (!narrow) return;
      list.innerHTML = render(narrow);
      const feed = list.parentElement;
      if (feed) feed.scrollTop = feed.scrollHeight;
    };
    for (const button of document.querySelectorAll<HTMLElement>('.bare-switch')) {
      button.addEventListener('click', () => show(Number(button.dataset.narrow)));
    }
    show(0);
  }, narrows);
}

/** Appends a message to the bare list the way an event handler would, and times it to paint. */
export function bareAppendToPaint(page: Page, id: number, html: string): Promise<number> {
  return page.evaluate(
    ({ id, html }) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        const list = document.querySelector('.messages');
        const feed = list?.parentElement;
        list?.insertAdjacentHTML(
          'beforeend',
          `<li class="message" data-message-id="${id}"><div class="message-body"><div class="message-content">${html}</div></div></li>`,
        );
        if (feed) feed.scrollTop = feed.scrollHeight;
        requestAnimationFrame(() => {
          void scheduler.postTask(() => resolve(performance.now() - start), {
            priority: 'user-blocking',
          });
        });
      }),
    { id, html },
  );
}
