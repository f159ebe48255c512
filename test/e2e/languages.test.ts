import { readdirSync, readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { windowAreas } from '../../src-main/i18n/catalogs';
import { windowLanguages } from '../../src-main/i18n/languages';
import { setMainLanguage } from '../../src-main/i18n/mainText';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinWithKey } from '../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 38, points 2, 3 and 5: the window speaks the account's language
// (Zulip's default_language) over the system's, loads only that language's
// catalog, changes at once when Settings › Display changes it, and in Arabic
// is mirrored while each message keeps its own direction.

type Catalog = Record<string, string>;
const catalog = (code: string, area: string): Catalog =>
  JSON.parse(
    readFileSync(new URL(`../../locales/${code}/${area}.json`, import.meta.url), 'utf8'),
  ) as Catalog;
const word = (code: string, area: string, key: string): string => {
  const text = catalog(code, area)[key];
  if (text === undefined) throw new Error(`locales/${code}/${area}.json has no ${key}`);
  return text;
};

/** The languages whose catalog chunks the page fetched (assets/<language>-<area>-….js). */
function fetchedLanguages(requests: readonly Request[]): string[] {
  const languages = new Set<string>();
  for (const request of requests) {
    const chunk =
      /\/assets\/([A-Za-z-]+?)-(common|window|settings|feed|channels|hosting|people)-[^/]+\.js$/.exec(
        request.url(),
      );
    if (chunk?.[1]) languages.add(chunk[1]);
  }
  return [...languages].sort();
}

describe('the window in the account’s language', () => {
  let org: Org;
  let alice: TestUser;
  let ui: RendererPage;
  let page: Page;
  const requests: Request[] = [];

  const sidebar = (code: string) =>
    page.getByRole('navigation', { name: word(code, 'channels', 'channels.sidebar.label') });
  const serverLanguage = async () =>
    (await org.api(alice)('POST', '/register', { event_types: ['user_settings'] })).json
      .user_settings.default_language;
  const openDisplaySettings = async (code: string) => {
    await sidebar(code)
      .getByRole('button', {
        name: word(code, 'channels', 'channels.sidebar.settings'),
        exact: true,
      })
      .click();
    await page.getByRole('tab', { name: word(code, 'settings', 'settings.tabs.display') }).click();
  };
  const choose = async (from: string, language: string) => {
    await page
      .getByRole('combobox', { name: word(from, 'settings', 'settings.language.heading') })
      .selectOption(language);
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    const bob = await org.user('bob');
    await org.subscribe(alice, 'general');
    await org.subscribe(bob, 'general');
    await org.sendStream(bob, 'general', 'Lunch', 'Soup at noon?');
    await org.sendStream(
      bob,
      'general',
      'تحديث الإصدار v2.0 release',
      'مرحبا team, the build is green',
    );
    await org.api(alice)('PATCH', '/settings', { default_language: 'de' });
    // A French system, and the window's first start: nothing spoken before.
    ui = await openRendererPage(org, alice, {
      locale: 'fr-FR',
      beforeLoad: async (window) => {
        window.on('request', (request) => requests.push(request));
      },
    });
    page = ui.page;
  });

  let second: Org | undefined;

  afterAll(async () => {
    // Main's words are one for the process, which later test files share.
    await setMainLanguage('en');
    await ui?.close();
    await org?.close();
    await second?.close();
  });

  it("speaks the account's German over the system's French, and loads those two only", async () => {
    await sidebar('de')
      .getByRole('button', { name: word('de', 'channels', 'channels.views.inbox') })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    // The system's language draws the first frame; the account's follows.
    expect(fetchedLanguages(requests)).toEqual(['de', 'fr']);
  });

  it('starts in the language it spoke last, loading no other', async () => {
    requests.length = 0;
    await page.reload();
    await sidebar('de')
      .getByRole('button', { name: word('de', 'channels', 'channels.views.inbox') })
      .waitFor();
    expect(fetchedLanguages(requests)).toEqual(['de']);
  });

  it('changes at once when the reader chooses Japanese, and tells the server', async () => {
    requests.length = 0;
    await openDisplaySettings('de');
    await choose('de', 'ja');
    await page
      .getByRole('heading', { name: word('ja', 'settings', 'settings.display.themeHeading') })
      .waitFor();
    await expect.poll(serverLanguage).toBe('ja');
    expect(fetchedLanguages(requests)).toEqual(['ja']);
    await ui.screenshot('language-ja-settings');
    await sidebar('ja')
      .getByRole('button', { name: /# general/ })
      .click();
    await page.getByRole('form', { name: word('ja', 'feed', 'feed.compose.label') }).waitFor();
    await ui.screenshot('language-ja-channel');
    await sidebar('ja')
      .getByRole('button', { name: word('ja', 'channels', 'channels.views.inbox') })
      .click();
    await ui.screenshot('language-ja-inbox');
    await sidebar('ja')
      .getByRole('button', { name: word('ja', 'channels', 'channels.views.recent') })
      .click();
    await ui.screenshot('language-ja-recent');
  });

  it('mirrors the window in Arabic, each message and topic keeping its own direction', async () => {
    await openDisplaySettings('ja');
    await choose('ja', 'ar');
    await page
      .getByRole('heading', { name: word('ar', 'settings', 'settings.display.themeHeading') })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(serverLanguage).toBe('ar');
    await ui.screenshot('language-ar-settings');

    await sidebar('ar')
      .getByRole('button', { name: /# general/ })
      .click();
    const message = page.locator('.message', { hasText: 'Soup at noon?' });
    await message.waitFor();
    // The sidebar is on the right of a right-to-left window, the feed to its left.
    const sidebarBox = await sidebar('ar').boundingBox();
    const messageBox = await message.boundingBox();
    expect(sidebarBox && messageBox && sidebarBox.x > messageBox.x).toBe(true);
    // An English message reads left to right inside it, an Arabic one right to left.
    const direction = (text: string) =>
      page
        .locator('.message', { hasText: text })
        .locator('[dir="auto"]', { hasText: text })
        .first()
        .evaluate((element) => getComputedStyle(element).direction);
    expect(await direction('Soup at noon?')).toBe('ltr');
    expect(await direction('مرحبا team')).toBe('rtl');
    await ui.screenshot('language-ar-channel');
    await sidebar('ar')
      .getByRole('button', { name: word('ar', 'channels', 'channels.views.inbox') })
      .click();
    await ui.screenshot('language-ar-inbox');
    await sidebar('ar')
      .getByRole('button', { name: word('ar', 'channels', 'channels.views.recent') })
      .click();
    // A topic of Arabic with English inside reads right to left in its row.
    const topic = page
      .locator('[dir="auto"]')
      .filter({ hasText: /^تحديث الإصدار v2\.0 release$/ })
      .last();
    await topic.waitFor();
    expect(await topic.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    await ui.screenshot('language-ar-recent');
  });

  it('follows a change made elsewhere, as the server announces it', async () => {
    await org.api(alice)('PATCH', '/settings', { default_language: 'en' });
    await sidebar('en').getByRole('button', { name: 'Inbox' }).waitFor();
    expect(
      await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
    ).toEqual(['en', 'ltr']);
  });

  it('speaks each account in its own language, following the one on screen', async () => {
    second = await startOrg({
      organization: {
        realmName: 'Escuela del Puerto',
        ownerFullName: 'Dana Puerto',
        ownerEmail: 'dana@puerto.example',
        ownerPassword: 'mareas y barcos',
      },
    });
    const carol = await second.user('carol');
    await second.api(carol)('PATCH', '/settings', { default_language: 'es' });
    await joinWithKey(ui.hearth.app, second.url, carol);
    const switcher = (code: string) =>
      page.getByRole('navigation', {
        name: word(code, 'hosting', 'hosting.accounts.switcherLabel'),
      });
    const inbox = (code: string) =>
      sidebar(code).getByRole('button', { name: word(code, 'channels', 'channels.views.inbox') });
    // Joining puts the new account on screen, in its Spanish.
    await inbox('es').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await switcher('es').getByRole('button', { name: org.realmName, exact: true }).click();
    await inbox('en').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await switcher('en').getByRole('button', { name: second.realmName, exact: true }).click();
    await inbox('es').waitFor();
    await ui.screenshot('language-es');
  });
});

describe('the catalogs each side ships', () => {
  it("puts the window's areas in the window's build, and main's alone in main's", () => {
    const out = process.env['HEARTH_TEST_OUT'] ?? 'out';
    const windowChunks = readdirSync(`${out}/renderer/assets`);
    const mainChunks = readdirSync(`${out}/main/chunks`);
    for (const { code } of windowLanguages) {
      for (const area of windowAreas) {
        expect(windowChunks.some((name) => name.startsWith(`${code}-${area}-`))).toBe(true);
      }
      expect(windowChunks.filter((name) => name.startsWith(`${code}-main-`))).toEqual([]);
    }
    // Main's English comes with main itself; every other language is a chunk.
    expect(mainChunks.filter((name) => name.startsWith('main-'))).toHaveLength(
      windowLanguages.length - 1,
    );
    expect(
      mainChunks.filter((name) => windowAreas.some((area) => name.startsWith(`${area}-`))),
    ).toEqual([]);
  });
});
