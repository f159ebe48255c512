import type { Page } from 'playwright-core';
import { setMainLanguage } from '../../src-main/i18n/mainText';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { pseudoText } from '../../src-main/i18n/pseudo';
import { startTestHearth } from '../helpers/hearth';
import { openWindow, type RendererPage } from '../helpers/rendererPage';
import { misfits } from '../helpers/textFit';

// Issue 38, point 6: the window's words, accented and 40% longer than
// English, fit the main views: nothing clipped, cut by an ellipsis or
// running past the window, measured on the element boxes.

/** What the window shows for an English message in the pseudo-language. */
const said = (english: string) => `⟦${pseudoText(english)}⟧`;

describe('the window in a pseudo-language 40% longer than English', () => {
  let window: RendererPage;
  let page: Page;

  const fits = async (view: string) => {
    await window.screenshot(`pseudo-${view}`);
    expect({ view, misfits: await misfits(page) }).toEqual({ view, misfits: [] });
  };
  const sidebar = () => page.getByRole('navigation', { name: said('Conversations') });

  beforeAll(async () => {
    window = await openWindow(await startTestHearth({ secrets: createMemorySecretStore() }), {
      locale: 'en-XA',
      viewport: { width: 1100, height: 700 },
    });
    page = window.page;
  });

  afterAll(async () => {
    // Main's words are one for the process, which later test files share.
    await setMainLanguage('en');
    await window?.close();
  });

  it('fits the join screen', async () => {
    await page.getByRole('textbox', { name: said('Organization name') }).waitFor();
    await fits('join');
  });

  it('fits the inbox, once an account whose language the window lacks follows the system', async () => {
    await page.getByRole('textbox', { name: said('Organization name') }).fill('Harbour Office');
    await page.getByRole('textbox', { name: said('Your name') }).fill('Hana Harbour');
    await page.getByRole('textbox', { name: said('Email') }).fill('hana@harbour.example');
    await page.getByLabel(said('Password')).fill('tides and ferries');
    await page.getByRole('button', { name: said('Host a new organization') }).click();
    // Creating the organization starts a host worker: over ten seconds on a busy machine.
    await page.getByRole('button', { name: /# general/ }).waitFor({ timeout: 30_000 });
    // Italian is a language of Zulip's the window does not speak.
    await window.hearth.service.changeDisplaySettings({ patch: { language: 'it' } });
    await sidebar()
      .getByRole('button', { name: said('Inbox') })
      .click();
    await page.getByRole('region', { name: said('Inbox') }).waitFor();
    await fits('inbox');
  });

  it('fits Recent conversations', async () => {
    await sidebar()
      .getByRole('button', { name: said('Recent conversations') })
      .click();
    await page.getByRole('region', { name: said('Recent conversations') }).waitFor();
    await fits('recent');
  });

  it("fits a channel's feed and the compose box", async () => {
    await sidebar()
      .getByRole('button', { name: /# general/ })
      .click();
    await page.getByRole('form', { name: said('Compose') }).waitFor();
    await fits('channel');
  });

  it('fits the search results', async () => {
    const box = page.getByRole('searchbox', { name: said('Search'), exact: true });
    await box.fill('welcome');
    await box.press('Enter');
    await page.getByRole('heading', { name: said('Search results') }).waitFor();
    await fits('search');
  });

  it('fits every page of the settings', async () => {
    await page.getByRole('button', { name: said('Settings'), exact: true }).click();
    const tabs = page.getByRole('tablist').first().getByRole('tab');
    const count = await tabs.count();
    expect(count).toBeGreaterThan(5);
    for (let index = 0; index < count; index++) {
      await tabs.nth(index).click();
      await expect.poll(() => tabs.nth(index).getAttribute('aria-selected')).toBe('true');
      await page.getByRole('tabpanel').first().waitFor();
      await fits(`settings-${index}`);
    }
  });

  it('fits the Hosting page', async () => {
    await page.getByRole('button', { name: said('Hosting'), exact: true }).click();
    await page.locator('.hosting-view .hosting-log').waitFor();
    await fits('hosting');
  });
});
