import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { xssPayloads, type XssPayload } from '../fixtures/xssPayloads';
import { spanSize } from '../../src-renderer/src/lib/feedWindow';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { fixture, startFixtureServer, type FixtureServer } from '../client/accounts/fixtureServer';
import { startCanary, type Canary } from '../helpers/canary';
import { startTestHearth } from '../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, openWindow, type RendererPage } from '../helpers/rendererPage';
import { armPage, type XssProbe } from '../helpers/xssProbe';

// Issue 15, safety: the corpus goes through the real server into every place
// the window shows what users wrote (messages, topics, stream names and
// descriptions, full names, bot names, profile fields, search terms, the
// organization's name), and the window runs none of it, loads nothing it
// names, breaks no policy, keeps no unsafe markup and never navigates away.

const password = 'correct horse battery staple';
const senderCount = 4;
// The feed's page holds a stretch of a stream's newest messages: each stream
// holds fewer than that, so all of them are in the page at once.
const contentStreamCount = Math.ceil(xssPayloads('http://127.0.0.1:1').length / (spanSize - 4));
const profileFieldCount = 10;
const botCount = 20;
const userCount = 24;
const searchCount = 8;
const linksPerStream = 3;

const controlCharacters = /\p{Cc}/gu;
const controlCharacter = /\p{Cc}/u;

/** A payload cut to a field's length in code points, as the server measures it, its control characters spaced out. */
const fit = (text: string, limit: number): string =>
  [...text.replace(controlCharacters, ' ')].slice(0, limit).join('').trim() || 'x';

/**
 * A payload as a person's or bot's name: Zulip refuses * ` \ > " @ there, so
 * those are left out; what remains (tags without their close, handlers, URLs)
 * still tries its luck.
 */
const asName = (text: string): string => {
  const name = fit(text.replace(/[*`\\>"@]/g, ''), 100).replace(/\|\d+$/, '');
  return [...name].length >= 2 ? name : `${name}xx`;
};

/** Payloads that fit a name field, one family after another, so each field gets every kind. */
function namePool(payloads: readonly XssPayload[], limit: number): XssPayload[] {
  const families = new Map<string, XssPayload[]>();
  for (const payload of payloads) {
    if ([...payload.text].length > limit || controlCharacter.test(payload.text)) continue;
    families.set(payload.family, [...(families.get(payload.family) ?? []), payload]);
  }
  const pool: XssPayload[] = [];
  for (let round = 0; pool.length < payloads.length; round += 1) {
    const taken = [...families.values()].flatMap((members) => members.slice(round, round + 1));
    if (taken.length === 0) break;
    pool.push(...taken);
  }
  return pool;
}

describe('the XSS corpus through the server and the window', () => {
  let canary: Canary;
  let org: Org;
  let alice: TestUser;
  let ui: RendererPage;
  let page: Page;
  let probe: XssProbe;
  let payloads: XssPayload[];
  let contentStreams: { name: string; messages: number }[];
  // What each place must show as plain text, had no markup been read into it.
  const userNames: string[] = [];
  const botNames: string[] = [];
  const topics = new Set<string>();

  const ok = (what: string, response: { status: number; json: unknown }) => {
    if (response.status !== 200) {
      throw new Error(`${what}: ${response.status} ${JSON.stringify(response.json)}`);
    }
    return response.json as Record<string, unknown>;
  };

  beforeAll(async () => {
    canary = await startCanary();
    payloads = xssPayloads(canary.url);
    const names = namePool(payloads, 60);
    const take = (count: number) => names.splice(0, count);
    const [realmName, ownerName] = take(2);
    org = await startOrg({
      organization: {
        realmName: realmName?.text ?? 'x',
        ownerEmail: 'owner@hearth.test',
        ownerFullName: asName(ownerName?.text ?? 'x'),
      },
    });
    alice = await org.user('alice');
    const owner = org.api(org.owner);

    const streamNames = take(30).map((payload) => fit(payload.text, 60));
    const subscriptions = streamNames.map((name, index) => ({
      name,
      description: payloads[(index * 11) % payloads.length]?.text.replaceAll('\0', '') ?? '',
    }));
    ok(
      'creating streams',
      await org.api(alice)('POST', '/users/me/subscriptions', { subscriptions }),
    );

    const senders: TestUser[] = [];
    for (const [index, payload] of take(userCount).entries()) {
      const email = `hostile${index}@hearth.test`;
      const fullName = asName(payload.text);
      userNames.push(fullName);
      const created = ok(
        `creating a user named ${fullName}`,
        await owner('POST', '/users', { email, full_name: fullName, password }),
      );
      if (senders.length >= senderCount) continue;
      const key = ok(
        `fetching ${email}'s key`,
        await org.api()('POST', '/fetch_api_key', { username: email, password }),
      );
      senders.push({ id: Number(created.user_id), email, fullName, apiKey: String(key.api_key) });
    }

    const streamsWithMessages = streamNames.slice(0, contentStreamCount);
    for (const sender of senders) {
      ok(
        'subscribing a sender',
        await org.api(sender)('POST', '/users/me/subscriptions', {
          subscriptions: streamsWithMessages.map((name) => ({ name })),
        }),
      );
    }
    const counts = streamsWithMessages.map(() => 0);
    for (const payload of payloads) {
      const streamIndex = payload.id % contentStreamCount;
      const sender = senders[payload.id % senders.length];
      const topicPayload = payloads[(payload.id * 7 + 3) % payloads.length];
      topics.add(fit(topicPayload?.text ?? 'x', 60));
      const sent = await org.api(sender)('POST', '/messages', {
        type: 'stream',
        to: streamsWithMessages[streamIndex],
        topic: fit(topicPayload?.text ?? 'x', 60),
        content: payload.text,
      });
      // Zulip refuses NUL in a message; every other payload is stored.
      if (payload.text.includes('\0')) expect(sent.status).toBe(400);
      else ok(`sending payload ${payload.id}`, sent);
      if (sent.status === 200) counts[streamIndex] = (counts[streamIndex] ?? 0) + 1;
    }
    contentStreams = streamsWithMessages.map((name, index) => ({
      name,
      messages: counts[index] ?? 0,
    }));

    const fieldNames = take(profileFieldCount);
    const values: { id: number; value: string }[] = [];
    for (const [index, payload] of fieldNames.entries()) {
      const created = ok(
        'creating a profile field',
        await owner('POST', '/realm/profile_fields', {
          name: fit(payload.text, 40),
          hint: payloads[index + 100]?.text.slice(0, 80) ?? '',
          field_type: 1,
        }),
      );
      values.push({ id: Number(created.id), value: fit(payloads[index + 200]?.text ?? '', 50) });
    }
    ok(
      'filling in profile fields',
      await org.api(alice)('PATCH', '/users/me/profile_data', { data: values }),
    );

    for (const [index, payload] of take(botCount).entries()) {
      ok(
        'creating a bot',
        await org.api(alice)('POST', '/bots', {
          full_name: botNames[botNames.push(asName(payload.text)) - 1],
          short_name: `hostile${index}`,
        }),
      );
    }

    ui = await openRendererPage(org, alice, {
      viewport: { width: 1280, height: 800 },
      beforeLoad: async (page) => {
        probe = await armPage(page);
      },
    });
    page = ui.page;
    await page.getByRole('navigation', { name: 'Conversations' }).waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
    await canary?.close();
  });

  /** After a view has had a moment to fire its handlers and loads: nothing got through. */
  async function expectNothingGotThrough(view: string): Promise<void> {
    await page.waitForTimeout(100);
    const unsafe = await probe.unsafeMarkup({
      loadOrigins: [new URL(ui.web.url).origin, new URL(org.url).origin],
      contentSelector: '.message-content, .recipient-topic, .preview, .server-description',
    });
    expect(unsafe, view).toEqual([]);
    expect(probe.pwned, view).toEqual([]);
    expect(probe.dialogs, view).toEqual([]);
    expect(await probe.violations(), view).toEqual([]);
    expect(canary.requests, view).toEqual([]);
    expect(ui.pageErrors, view).toEqual([]);
  }

  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });

  /** The sidebar's button for a stream, found by its name as the window shows it. */
  /**
   * Scrolls down the open narrow, which opens at its first unread message
   * with about a view of messages: a stream of the corpus fits whole in the
   * stretch the feed holds once the reader reaches its end.
   */
  async function scrollToEnd(): Promise<void> {
    for (let step = 0; step < 20; step++) {
      await page
        .locator('.feed')
        .first()
        .evaluate((element) => (element.scrollTop = element.scrollHeight));
      await page.evaluate(() => new Promise(requestAnimationFrame));
    }
  }

  async function streamButton(name: string) {
    const buttons = sidebar().locator('button.stream');
    const shown = await buttons.locator('.name').allTextContents();
    const index = shown.findIndex((text) => text === `# ${name}`);
    if (index < 0) throw new Error(`no stream ${name} among ${shown.join(' | ')}`);
    return buttons.nth(index);
  }

  it('shows the organization name, the streams and the people, as text', async () => {
    await expect.poll(() => sidebar().locator('button.stream').count()).toBe(31);
    await page.getByRole('complementary', { name: 'People' }).waitFor();
    // The owner, alice and the forty users named by payloads, at least.
    await expect
      .poll(() => page.locator('.people-list .person-row').count())
      .toBeGreaterThanOrEqual(42);
    expect(await sidebar().locator('.realm').textContent()).toBe(org.realmName);
    const people = await page.locator('.people-list .person-row .name').allTextContents();
    expect(people).toEqual(expect.arrayContaining(userNames));
    await ui.screenshot('e2e-xss-sidebar');
    await expectNothingGotThrough('sidebar and people');
  });

  it("shows every stored payload in its stream's feed, as message and as topic", async () => {
    for (const { name, messages } of contentStreams) {
      const button = await streamButton(name);
      await button.click();
      await expect.poll(() => button.getAttribute('class')).toContain('selected');
      await scrollToEnd();
      await expect
        .poll(() => page.locator('.feed .message').count(), { timeout: 10_000 })
        .toBe(messages);
      for (const shown of await page.locator('.feed .recipient-topic').allTextContents()) {
        expect(topics).toContain(shown.trim());
      }
      await expectNothingGotThrough(`feed of ${name}`);
    }
    await ui.screenshot('e2e-xss-feed');
    // A payload as long as a stream name keeps the compose box to its column.
    const compose = await page.getByRole('form', { name: 'Compose' }).boundingBox();
    const send = await page.getByRole('button', { name: 'Send', exact: true }).boundingBox();
    expect(compose && send && send.x + send.width).toBeLessThanOrEqual(
      (compose?.x ?? 0) + (compose?.width ?? 0),
    );
    expect(compose && compose.x + compose.width).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
  });

  it('runs payloads as search terms and shows what they find', async () => {
    const box = page.getByRole('searchbox', { name: 'Search', exact: true });
    const terms = [
      'pwned',
      ...payloads
        .filter((payload) => !/[\n\r\t\0]/.test(payload.text))
        .filter((_, index) => index % 23 === 0)
        .slice(0, searchCount - 1)
        .map((payload) => payload.text),
    ];
    for (const term of terms) {
      await box.fill(term);
      await box.press('Enter');
      await page.locator('.search-results').waitFor();
      await expect
        .poll(() => page.locator('.search-results .feed-notice', { hasText: 'Searching' }).count())
        .toBe(0);
      await expectNothingGotThrough(`search for ${term}`);
    }
    await box.fill('pwned');
    await box.press('Enter');
    await expect
      .poll(() => page.getByRole('list', { name: 'Matching messages' }).locator('.message').count())
      .toBeGreaterThan(20);
    await ui.screenshot('e2e-xss-search');
    await expectNothingGotThrough('search for pwned');
    await page.getByRole('button', { name: 'Close search' }).click();
  });

  it('lists bots named by payloads in the Bots view', async () => {
    await page.getByRole('button', { name: 'Bots', exact: true }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Your bots' }).locator('li.bot').count())
      .toBe(botCount);
    const listed = await page
      .getByRole('list', { name: 'Your bots' })
      .locator('li.bot')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    expect(listed.sort()).toEqual([...botNames].sort());
    await ui.screenshot('e2e-xss-bots');
    await expectNothingGotThrough('bots');
  });

  it('lists payload topics and senders in Recent conversations', async () => {
    await sidebar().getByRole('button', { name: 'Recent conversations' }).click();
    await page.getByRole('region', { name: 'Recent conversations' }).waitFor();
    await expectNothingGotThrough('recent conversations');
  });

  it('shows stream names and rendered descriptions in the stream browser, and a stream’s settings', async () => {
    await sidebar().getByRole('button', { name: 'Browse channels' }).click();
    const rows = page.locator('.browsed-stream');
    const inSidebar = (await sidebar().locator('button.stream .name').allTextContents()).map(
      (name) => name.replace(/^# /, '#'),
    );
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(inSidebar.length);
    const headings = await rows
      .locator('h3')
      .evaluateAll((items) => items.map((item) => item.firstChild?.textContent?.trim() ?? ''));
    expect(headings).toEqual(expect.arrayContaining(inSidebar));
    expect(await page.locator('.browsed-description').count()).toBeGreaterThan(20);
    await ui.screenshot('e2e-xss-stream-browser');
    await expectNothingGotThrough('stream browser');
    await rows
      .getByRole('button', { name: /^Settings/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Personal settings' }).waitFor();
    await expectNothingGotThrough('stream settings');
  });

  it('previews payloads in the compose box as the server renders them', async () => {
    await (await streamButton(contentStreams[0]?.name ?? '')).click();
    const compose = page.getByRole('form', { name: 'Compose' });
    const preview = compose.getByRole('region', { name: 'Preview' });
    const batch = 60;
    for (let start = 0; start < payloads.length; start += batch) {
      const content = payloads
        .slice(start, start + batch)
        .map((payload) => payload.text.replaceAll('\0', ''))
        .join('\n\n');
      await compose.getByRole('textbox', { name: 'Message' }).fill(content);
      await compose.getByRole('button', { name: 'Preview' }).click();
      await preview.locator('.message-content').waitFor();
      await expectNothingGotThrough(`preview of payloads ${start} to ${start + batch - 1}`);
      await compose.getByRole('button', { name: 'Edit' }).click();
    }
    await compose.getByRole('textbox', { name: 'Message' }).fill('');
  });

  it('opens links outside only for http, https and mailto, and never leaves the window', async () => {
    const outside: string[] = [];
    const appOrigins = [new URL(ui.web.url).origin, new URL(org.url).origin];
    await page.context().route(
      (url) => !appOrigins.includes(url.origin),
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    // What a popup would load is recorded by the route above; the popup itself only slows the window.
    page.context().on('page', (popup) => void popup.close());
    const start = page.url();
    // Every load of the window's own frame is kept, so one that commits after
    // the next click is still caught.
    const loaded: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) loaded.push(frame.url());
    });
    // A second's wait, vitest's default, is too short on two busy cores.
    const slowly = { timeout: 10_000 };
    // The narrow opens at its first unread message, so how many messages it
    // shows depends on what earlier clicks marked read, and a link may open
    // another conversation, or a view with no feed: the page is read once its
    // messages stop changing (and are the channel's, when one is named).
    const feedSettles = async (channel?: string) => {
      let before = -1;
      await expect
        .poll(
          async () => {
            const labels = await page
              .locator('.feed .recipient-stream')
              .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('aria-label')));
            const count = await page.locator('.feed .message').count();
            const settled =
              count === before &&
              (channel === undefined ||
                (count > 0 && labels.every((label) => label === `Go to channel ${channel}`)));
            before = count;
            return settled;
          },
          { ...slowly, interval: 300 },
        )
        .toBe(true);
    };
    const clicked: string[] = [];
    for (const { name } of contentStreams) {
      const links = page.locator('.feed .message-content a[href]');
      for (let index = 0; index < linksPerStream; index += 1) {
        // A narrow link opens another conversation: come back for the next one.
        const button = await streamButton(name);
        if (!((await button.getAttribute('class')) ?? '').includes('selected')) {
          await button.click();
          await expect.poll(() => button.getAttribute('class'), slowly).toContain('selected');
          await feedSettles(name);
        }
        if ((await links.count()) <= index) break;
        const link = links.nth(index);
        const href = (await link.getAttribute('href')) ?? '';
        clicked.push(href);
        await link.click();
        expect(page.url()).toBe(start);
        // A link within the organization may open another conversation.
        if (!/^(?:https?:|mailto:)/i.test(href)) await feedSettles();
      }
    }
    await page.waitForTimeout(500);
    expect(page.url()).toBe(start);
    expect(loaded).toEqual([]);
    expect(clicked.length).toBeGreaterThan(10);
    for (const href of clicked) expect(href).toMatch(/^(?:https?:|mailto:|\/|#)/i);
    expect(outside.length).toBeGreaterThan(0);
    for (const url of outside) expect(new URL(url).protocol).toMatch(/^https?:$/);
    expect(probe.pwned).toEqual([]);
    expect(await probe.violations()).toEqual([]);
    // About fifty real clicks, each a quarter of a second in Chromium, and
    // slower when the run shares two cores with the other test files.
  }, 90_000);
});

// A server we do not control names itself and describes itself in HTML, which
// the join form shows before anyone signs in.
describe("a hostile server's summary on the join form", () => {
  const batch = 80;
  let canary: Canary;
  let payloads: XssPayload[];
  let servers: FixtureServer[];
  let ui: RendererPage;
  let probe: XssProbe;

  beforeAll(async () => {
    canary = await startCanary();
    payloads = xssPayloads(canary.url);
    servers = [];
    for (let start = 0; start < payloads.length; start += batch) {
      const chunk = payloads.slice(start, start + batch);
      servers.push(
        await startFixtureServer({
          'GET /api/v1/server_settings': {
            status: 200,
            body: {
              ...fixture('server-settings'),
              zulip_feature_level: 185,
              realm_name: chunk[0]?.text ?? 'x',
              realm_description: chunk.map((payload) => `<p>${payload.text}</p>`).join('\n'),
              realm_icon: `javascript:__pwned(${start})`,
            },
          },
        }),
      );
    }
    ui = await openWindow(await startTestHearth({ secrets: createMemorySecretStore() }), {
      beforeLoad: async (page) => {
        probe = await armPage(page);
      },
    });
  });

  afterAll(async () => {
    await ui?.close();
    for (const server of servers ?? []) await server.close();
    await canary?.close();
  });

  it('shows its name as text and its description inert', async () => {
    const { page } = ui;
    for (const [index, server] of servers.entries()) {
      await page.getByRole('textbox', { name: 'Server URL' }).fill(server.url);
      await page.getByRole('button', { name: 'Check server' }).click();
      const name = page.locator('.server-summary .server-name');
      await expect.poll(() => name.textContent()).toBe(payloads[index * batch]?.text.trim());
      await expect
        .poll(async () => ((await page.locator('.server-description').textContent()) ?? '').length)
        .toBeGreaterThan(0);
      await page.waitForTimeout(100);
      const view = `summary of server ${index}`;
      expect(
        await probe.unsafeMarkup({
          loadOrigins: [new URL(ui.web.url).origin],
          contentSelector: '.server-description',
        }),
        view,
      ).toEqual([]);
      expect(probe.pwned, view).toEqual([]);
      expect(probe.dialogs, view).toEqual([]);
      expect(canary.requests, view).toEqual([]);
      // Pictures from the server's description are the policy's to stop; nothing else may be.
      const violations = await probe.violations();
      expect(
        violations.filter((violation) => !violation.startsWith('img-src http')),
        view,
      ).toEqual([]);
      if (index === 0) await ui.screenshot('e2e-xss-join-form');
    }
  });
});
