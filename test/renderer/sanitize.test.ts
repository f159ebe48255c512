import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { contentSecurityPolicy } from '../../src-main/desktop/contentSecurityPolicy';
import { xssPayloads, type XssPayload } from '../fixtures/xssPayloads';
import { startOrg, type Org } from '../helpers/org';
import { pageScript } from '../helpers/pageScript';
import { launchChromium } from '../helpers/rendererPage';
import { armPage, type XssProbe } from '../helpers/xssProbe';

// The window's one sanitizer, over the corpus twice: as the server's Markdown
// renders each payload (POST /messages/render), and raw, as a server we do not
// control could send it. The page has no Content-Security-Policy, so whatever
// the sanitizer lets through really runs or loads here.

const pageOrigin = 'http://sanitizer.test';
// A second page under the window's own Content-Security-Policy.
const policyOrigin = 'http://policy.test';
const canary = 'http://127.0.0.1:9';

interface SanitizerGlobals {
  hearthSanitize: { sanitizeMessageHtml(html: string): string };
}

describe('sanitizeMessageHtml over the XSS corpus', () => {
  let org: Org;
  let browser: Browser;
  let page: Page;
  let probe: XssProbe;
  const payloads = xssPayloads(canary);
  const rendered = new Map<number, string>();
  const requests: string[] = [];

  beforeAll(async () => {
    org = await startOrg();
    const render = org.api(org.owner);
    for (const payload of payloads) {
      const answer = await render('POST', '/messages/render', { content: payload.text });
      // The server refuses NUL in content, as Zulip does; those go in raw only.
      if (answer.status === 200) rendered.set(payload.id, answer.json.rendered);
      else expect(payload.text).toContain('\0');
    }
    browser = await launchChromium();
    page = await browser.newPage();
    probe = await armPage(page);
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url === `${pageOrigin}/`) {
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>s</title>' });
      }
      if (url === `${policyOrigin}/`) {
        return route.fulfill({
          contentType: 'text/html',
          headers: { 'Content-Security-Policy': contentSecurityPolicy({ imageOrigins: [] }) },
          body: '<!doctype html><title>p</title>',
        });
      }
      // Pictures are the policy's to stop (see imagesFromAnyWebOrigin); anything else is a load.
      if (route.request().resourceType() !== 'image') requests.push(url);
      return route.abort();
    });
    await page.goto(`${pageOrigin}/`);
    await page.evaluate(await pageScript('src-renderer/src/lib/sanitize.ts', 'hearthSanitize'));
  });

  afterAll(async () => {
    await browser?.close();
    await org?.close();
  });

  /** Puts each HTML, sanitized, into the live document, as the feed does. */
  async function showSanitized(inputs: { id: number; html: string }[]): Promise<void> {
    await page.evaluate((inputs) => {
      const { sanitizeMessageHtml } = (window as unknown as SanitizerGlobals).hearthSanitize;
      const list = document.createElement('ul');
      for (const { id, html } of inputs) {
        const item = document.createElement('li');
        item.dataset.messageId = String(id);
        const content = document.createElement('div');
        content.className = 'message-content';
        content.innerHTML = sanitizeMessageHtml(html);
        item.append(content);
        list.append(item);
      }
      document.body.replaceChildren(list);
    }, inputs);
    // Handlers that fire on load, error, focus or animation get their chance.
    await page.waitForTimeout(300);
  }

  async function expectNothingGotThrough(): Promise<void> {
    expect(
      await probe.unsafeMarkup({
        loadOrigins: [pageOrigin],
        contentSelector: '.message-content',
        imagesFromAnyWebOrigin: true,
      }),
    ).toEqual([]);
    expect(probe.pwned).toEqual([]);
    expect(probe.dialogs).toEqual([]);
    expect(requests).toEqual([]);
  }

  it('holds at least 200 distinct payloads', () => {
    expect(new Set(payloads.map((payload: XssPayload) => payload.text)).size).toBeGreaterThan(200);
  });

  it('lets nothing through of what the server renders from each payload', async () => {
    await showSanitized([...rendered].map(([id, html]) => ({ id, html })));
    await expectNothingGotThrough();
  });

  it('lets nothing through of each payload sent as HTML by a hostile server', async () => {
    await showSanitized(payloads.map(({ id, text }) => ({ id, html: text })));
    await expectNothingGotThrough();
  });

  it("raises no policy violation in a page under the window's Content-Security-Policy", async () => {
    await page.goto(`${policyOrigin}/`);
    await page.evaluate(await pageScript('src-renderer/src/lib/sanitize.ts', 'hearthSanitize'));
    await showSanitized([
      ...[...rendered].map(([id, html]) => ({ id, html })),
      ...payloads.map(({ id, text }) => ({ id: id + payloads.length, html: text })),
    ]);
    // A picture from another origin is what the policy is there to stop: the
    // sanitizer cannot know the account's origin, so it keeps web pictures.
    const violations = await probe.violations();
    expect(violations.filter((violation) => !violation.startsWith('img-src http'))).toEqual([]);
    expect(probe.pwned).toEqual([]);
  });

  it("keeps Zulip's data attributes, which the window reads", async () => {
    const kept = await page.evaluate(() => {
      const { sanitizeMessageHtml } = (window as unknown as SanitizerGlobals).hearthSanitize;
      return sanitizeMessageHtml(
        '<p><span class="user-mention" data-user-id="8">@Bob</span> ' +
          '<a class="stream" data-stream-id="3" href="/#narrow/stream/3-a">#a</a></p>' +
          '<div class="codehilite" data-code-language="Python"><pre>x</pre></div>',
      );
    });
    expect(kept).toBe(
      '<p><span class="user-mention" data-user-id="8">@Bob</span> ' +
        '<a class="stream" data-stream-id="3" href="/#narrow/stream/3-a" target="_blank" rel="noopener noreferrer">#a</a></p>' +
        '<div class="codehilite" data-code-language="Python"><pre>x</pre></div>',
    );
  });

  it('keeps a title whose words start with "on", and drops an event handler beside it', async () => {
    const kept = await page.evaluate(() => {
      const { sanitizeMessageHtml } = (window as unknown as SanitizerGlobals).hearthSanitize;
      return sanitizeMessageHtml('<p><span title="take one" onclick="go()">once</span></p>');
    });
    expect(kept).toBe('<p><span title="take one">once</span></p>');
  });

  it("keeps Zulip's inline image of an upload, its path held for main to fetch", async () => {
    const kept = await page.evaluate(() => {
      const { sanitizeMessageHtml } = (window as unknown as SanitizerGlobals).hearthSanitize;
      return [
        sanitizeMessageHtml(
          '<p><a href="/user_uploads/1/aa/tok/a.png">a.png</a></p>\n' +
            '<div class="message_inline_image"><a href="/user_uploads/1/aa/tok/a.png" title="a.png">' +
            '<img src="/user_uploads/1/aa/tok/a.png"></a></div>',
        ),
        // A message may not name a path of its own for main to fetch, nor reach another host.
        sanitizeMessageHtml(
          '<img data-upload-src="/api/v1/users/me" src="//evil.example/user_uploads/x.png">' +
            '<img src="/user_uploads//evil.example/x.png" alt="x">',
        ),
      ];
    });
    expect(kept[0]).toBe(
      '<p><a href="/user_uploads/1/aa/tok/a.png" target="_blank" rel="noopener noreferrer">a.png</a></p>\n' +
        '<div class="message_inline_image"><a href="/user_uploads/1/aa/tok/a.png" title="a.png" target="_blank" rel="noopener noreferrer">' +
        '<img data-upload-src="/user_uploads/1/aa/tok/a.png" alt="a.png"></a></div>',
    );
    expect(kept[1]).toBe('<img><img src="/user_uploads//evil.example/x.png" alt="x">');
  });

  it("turns Zulip's audio player into the link it replaced, and keeps a video preview's link", async () => {
    const kept = await page.evaluate(() => {
      const { sanitizeMessageHtml } = (window as unknown as SanitizerGlobals).hearthSanitize;
      return [
        sanitizeMessageHtml(
          '<p>Listen: <audio controls preload="metadata" src="/user_uploads/1/aa/tok/take.mp3" title="first take"></audio></p>',
        ),
        sanitizeMessageHtml(
          '<div class="message_inline_image message_inline_video"><a href="/user_uploads/1/aa/tok/clip.mov" title="clip.mov">' +
            '<video preload="metadata" src="/user_uploads/1/aa/tok/clip.mov"></video></a></div>',
        ),
        // A player of another host's file becomes no link the window would follow.
        sanitizeMessageHtml('<audio controls src="javascript:alert(1)" title="x"></audio>'),
      ];
    });
    expect(kept[0]).toBe(
      '<p>Listen: <a href="/user_uploads/1/aa/tok/take.mp3" target="_blank" rel="noopener noreferrer">first take</a></p>',
    );
    expect(kept[1]).toBe(
      '<div class="message_inline_image message_inline_video"><a href="/user_uploads/1/aa/tok/clip.mov" title="clip.mov" target="_blank" rel="noopener noreferrer"></a></div>',
    );
    expect(kept[2]).toBe('<a target="_blank" rel="noopener noreferrer">x</a>');
  });

  it("keeps Zulip's custom emoji image, its path held for main, and drops any other source", async () => {
    const kept = await page.evaluate(() => {
      const { sanitizeMessageHtml } = (window as unknown as SanitizerGlobals).hearthSanitize;
      return [
        sanitizeMessageHtml(
          '<p><img alt=":green_tick:" class="emoji" src="/user_avatars/1/emoji/images/1a2b.png" title="green tick"></p>',
        ),
        // Another host, a path out of the emoji folder, or one a message names itself: no picture.
        sanitizeMessageHtml(
          '<img alt=":a:" class="emoji" src="https://evil.example/a.png">' +
            '<img alt=":b:" class="emoji" src="/user_avatars/1/emoji/images/..">' +
            '<img alt=":c:" class="emoji" data-emoji-src="/api/v1/users/me">',
        ),
      ];
    });
    expect(kept[0]).toBe(
      '<p><img alt=":green_tick:" class="emoji" title="green tick" data-emoji-src="/user_avatars/1/emoji/images/1a2b.png"></p>',
    );
    expect(kept[1]).toBe(
      '<img alt=":a:" class="emoji"><img alt=":b:" class="emoji"><img alt=":c:" class="emoji">',
    );
  });

  it('keeps the safe parts: web and mail links, opened outside the window', async () => {
    const links = await page.evaluate(() => {
      const { sanitizeMessageHtml } = (window as unknown as SanitizerGlobals).hearthSanitize;
      const box = document.createElement('div');
      box.innerHTML = sanitizeMessageHtml(
        '<p><a href="https://example.com/a">a</a> <a href="mailto:x@example.com">m</a> ' +
          '<a href="javascript:void 0">j</a></p>',
      );
      return [...box.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.target, a.rel]);
    });
    expect(links).toEqual([
      ['https://example.com/a', '_blank', 'noopener noreferrer'],
      ['mailto:x@example.com', '_blank', 'noopener noreferrer'],
      [null, '_blank', 'noopener noreferrer'],
    ]);
  });

  it('gives plain paragraphs back as they are, and sanitizes the same tags once they carry anything', async () => {
    const out = await page.evaluate(() => {
      const { sanitizeMessageHtml } = (window as unknown as SanitizerGlobals).hearthSanitize;
      return [
        sanitizeMessageHtml(
          '<p>Fish &amp; <strong>chips</strong> at <code>12:30</code>?<br>\n&lt;b&gt;</p>',
        ),
        sanitizeMessageHtml('<p title="x" onclick="alert(1)">hi</p>'),
        sanitizeMessageHtml('<p>hi</p><img src=x onerror=alert(1)>'),
      ];
    });
    expect(out).toEqual([
      '<p>Fish &amp; <strong>chips</strong> at <code>12:30</code>?<br>\n&lt;b&gt;</p>',
      '<p title="x">hi</p>',
      '<p>hi</p><img>',
    ]);
  });
});
