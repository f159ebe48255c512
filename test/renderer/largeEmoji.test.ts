import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org } from '../helpers/org';
import { pageScript } from '../helpers/pageScript';
import { launchChromium } from '../helpers/rendererPage';

// Issue 34, point 5 (changelog levels 436 and 510): how the window tells a
// message of emoji alone, which Zulip 12 asks clients to show large, over the
// HTML a real server's Markdown gives; and what its own stylesheet then does
// to the emoji, and to link previews the reader hid.

interface PageGlobals {
  hearthSanitize: { sanitizeMessageHtml(html: string): string };
  hearthLargeEmoji: { isEmojiOnly(html: string): boolean };
}

// Zulip's documented markup of a website preview (message-formatting.md).
const websitePreview = `<p><a href="https://zulip.com">https://zulip.com</a></p>
<div class="message_embed"><a class="message_embed_image" href="https://zulip.com"></a>
<div class="data-container"><div class="message_embed_title"><a href="https://zulip.com">Zulip</a></div>
<div class="message_embed_description">Team chat</div></div></div>`;

describe('messages of emoji alone', () => {
  let org: Org;
  let browser: Browser;
  let page: Page;
  const rendered = new Map<string, string>();

  beforeAll(async () => {
    org = await startOrg();
    const render = org.api(org.owner);
    for (const content of [
      ':tada:',
      ':tada: :octopus:  :tada:',
      'Party :tada:',
      ':tada:\n\n:tada:',
      '**:tada:**',
      '> :tada:',
    ]) {
      rendered.set(content, (await render('POST', '/messages/render', { content })).json.rendered);
    }
    browser = await launchChromium();
    page = await browser.newPage();
    await page.setContent('<!doctype html><title>emoji</title>');
    await page.addStyleTag({ content: readFileSync('src-renderer/src/app.css', 'utf8') });
    await page.evaluate(await pageScript('src-renderer/src/lib/sanitize.ts', 'hearthSanitize'));
    await page.evaluate(await pageScript('src-renderer/src/lib/largeEmoji.ts', 'hearthLargeEmoji'));
  });

  afterAll(async () => {
    await browser?.close();
    await org?.close();
  });

  const emojiOnly = (content: string): Promise<boolean> =>
    page.evaluate(
      (html) => {
        const globals = window as unknown as PageGlobals;
        const safe = globals.hearthSanitize.sanitizeMessageHtml(html);
        return globals.hearthLargeEmoji.isEmojiOnly(safe);
      },
      rendered.get(content) ?? '',
    );

  it('are one paragraph of emoji, however many', async () => {
    expect(await emojiOnly(':tada:')).toBe(true);
    expect(await emojiOnly(':tada: :octopus:  :tada:')).toBe(true);
  });

  it('are not messages with words, several paragraphs, or emoji inside other markup', async () => {
    expect(await emojiOnly('Party :tada:')).toBe(false);
    expect(await emojiOnly(':tada:\n\n:tada:')).toBe(false);
    expect(await emojiOnly('**:tada:**')).toBe(false);
    expect(await emojiOnly('> :tada:')).toBe(false);
  });

  /** The message's content as the feed draws it, with the classes MessageItem gives it. */
  const drawn = (html: string, classes: string) =>
    page.evaluate(
      ({ html, classes }) => {
        const content = document.createElement('div');
        content.className = `message-content ${classes}`;
        content.innerHTML = (window as unknown as PageGlobals).hearthSanitize.sanitizeMessageHtml(
          html,
        );
        document.body.replaceChildren(content);
        const emoji = content.querySelector('.emoji');
        const preview = content.querySelector('.message_embed');
        return {
          emojiSize: emoji ? parseFloat(getComputedStyle(emoji).fontSize) : null,
          previewShown: preview ? getComputedStyle(preview).display !== 'none' : null,
        };
      },
      { html, classes },
    );

  it('show their emoji at twice the size where the server asks for large emoji', async () => {
    const html = rendered.get(':tada:') ?? '';
    const normal = await drawn(html, '');
    const large = await drawn(html, 'large-emoji');
    expect(large.emojiSize).toBe((normal.emojiSize ?? 0) * 2);
  });

  it('leave out the link previews the reader hid, and only those', async () => {
    expect((await drawn(websitePreview, '')).previewShown).toBe(true);
    expect((await drawn(websitePreview, 'link-previews-hidden')).previewShown).toBe(false);
  });
});
