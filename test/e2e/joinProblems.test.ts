import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import {
  serverSettingsAt,
  startFixtureServer,
  type FixtureServer,
} from '../client/accounts/fixtureServer';
import { startTestHearth } from '../helpers/hearth';
import { closedPort } from '../helpers/network/closedPort';
import { startOfficeProxy } from '../helpers/network/officeProxy';
import {
  issueCertificate,
  makeAuthority,
  tlsFront,
  type KeyAndCertificate,
  type TlsFront,
} from '../helpers/network/testAuthority';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 35, point 4, in the window: "Check server" says what is wrong before
// asking for a password, naming the address.

const day = 24 * 60 * 60 * 1000;

describe('the join form, when a server cannot be used', () => {
  let authority: KeyAndCertificate;
  let zulip: FixtureServer;
  let front: TlsFront | undefined;
  let window: RendererPage | undefined;

  beforeAll(async () => {
    authority = await makeAuthority();
    zulip = await startFixtureServer({
      'GET /api/v1/server_settings': serverSettingsAt(185),
    });
  });

  afterEach(async () => {
    await window?.close();
    await front?.close();
    window = undefined;
    front = undefined;
  });

  afterAll(async () => {
    await zulip?.close();
  });

  /** The first-run screen of a new app on this computer, which trusts the test's authority. */
  async function firstRun(): Promise<Page> {
    window = await openWindow(
      await startTestHearth({
        secrets: createMemorySecretStore(),
        network: { env: {}, authorities: () => [authority.certPem] },
      }),
      { viewport: { width: 1100, height: 800 } },
    );
    return window.page;
  }

  async function check(address: string, page?: Page): Promise<Page> {
    const shown = page ?? (await firstRun());
    await shown.getByRole('textbox', { name: 'Server URL' }).fill(address);
    await shown.getByRole('button', { name: 'Check server' }).click();
    return shown;
  }

  const formAlert = (page: Page) =>
    page.getByRole('form', { name: 'Join an organization' }).getByRole('alert');

  it('says a certificate has expired, and shows it', async () => {
    const expiredOn = new Date(Date.now() - day);
    front = await tlsFront(
      await issueCertificate(['127.0.0.1'], authority, {
        notBeforeDate: new Date(Date.now() - 60 * day),
        notAfterDate: expiredOn,
      }),
      Number(new URL(zulip.url).port),
    );
    const host = `127.0.0.1:${front.port}`;
    const page = await check(`https://${host}`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const shownDate = new Intl.DateTimeFormat([], { dateStyle: 'long' }).format(expiredOn);
    await expect(dialog.innerText()).resolves.toContain(`Its certificate expired on ${shownDate}.`);
    await expect(dialog.innerText()).resolves.toContain('Corp Example Root CA');
    await window?.screenshot('join-expired-certificate');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(formAlert(page).innerText()).resolves.toBe(
      `Hearth does not trust ${host}: its certificate has expired. Ask its administrator to renew it, or trust this certificate for this server only.`,
    );
    await expect(page.getByRole('button', { name: 'Review certificate…' }).count()).resolves.toBe(
      1,
    );
    expect(window?.pageErrors).toEqual([]);
  });

  it('says a refused connection was refused, with nothing to trust', async () => {
    const host = `127.0.0.1:${await closedPort()}`;
    const page = await check(`http://${host}`);
    await expect
      .poll(() => formAlert(page).allInnerTexts())
      .toEqual([
        `${host} refused the connection: no server is listening at that address and port. Check the address and port.`,
      ]);
    await expect(page.getByRole('dialog').isVisible()).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Review certificate…' }).count()).resolves.toBe(
      0,
    );
    await window?.screenshot('join-refused');
    expect(window?.pageErrors).toEqual([]);
  });

  it('says the proxy wants credentials, and takes them in Settings › Network', async () => {
    const proxy = await startOfficeProxy('nico:proxy secret');
    try {
      const page = await firstRun();
      const proxyForm = page.getByRole('form', { name: 'Proxy' });
      const field = (name: string) => proxyForm.getByLabel(name, { exact: true });
      await page.getByRole('button', { name: 'Network settings' }).click();
      await proxyForm.getByRole('radio', { name: 'Manual proxy' }).check();
      await field('Host').fill('127.0.0.1');
      await field('Port').fill(String(proxy.port));
      await proxyForm.getByRole('button', { name: 'Save' }).click();
      await proxyForm.getByText('Saved: every connection now goes this way.').waitFor();
      await page.getByRole('button', { name: 'Back' }).click();

      // Only the office's proxy knows this name.
      await check(`http://chat.corp.example:${new URL(zulip.url).port}`, page);
      // Word for word what an account's banner says (networkSettings.test.ts).
      await expect
        .poll(() => formAlert(page).allInnerTexts())
        .toContainEqual(
          `The proxy ${proxy.url} asks for a user name and password: give them in Settings › Network.`,
        );
      await window?.screenshot('join-proxy-credentials');
      await page.getByRole('button', { name: 'Open Settings › Network' }).click();
      await field('User name (optional)').fill('nico');
      await field('Password (optional)').fill('last year’s');
      await proxyForm.getByRole('button', { name: 'Save' }).click();
      await proxyForm.getByText('Saved: every connection now goes this way.').waitFor();
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('button', { name: 'Check server' }).click();
      await expect
        .poll(() => formAlert(page).allInnerTexts())
        .toContainEqual(
          `The proxy ${proxy.url} did not accept the user name and password it was given: give them in Settings › Network.`,
        );
      await page.getByRole('button', { name: 'Open Settings › Network' }).click();
      await field('Password (optional)').fill('proxy secret');
      await proxyForm.getByRole('button', { name: 'Save' }).click();
      await proxyForm.getByText('Saved: every connection now goes this way.').waitFor();
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('button', { name: 'Check server' }).click();
      await page.getByRole('button', { name: 'Join', exact: true }).waitFor();
      expect(proxy.tunnels).toContain(`chat.corp.example:${new URL(zulip.url).port}`);
      expect(window?.pageErrors).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
