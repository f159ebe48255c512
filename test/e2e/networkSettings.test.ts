import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecretStore } from '../../src-main/client/secretStore';
import type { ProxySetting } from '../../src-preload/bridge';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import {
  joinWithKey,
  removeProfile,
  startTestHearth,
  testTuning,
  type TestHearth,
} from '../helpers/hearth';
import { startOfficeProxy } from '../helpers/network/officeProxy';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 35, point 1: Settings › Network says where the system's settings
// lead, keeps a manual proxy with its password (in the keychain) and bypass
// list across a restart, and goes back to the system's settings.

// What the desktop says: the office proxy, for every server but this computer's own.
const officeDesktop = { env: { HTTPS_PROXY: 'http://proxy.corp.example:3128' } };

const manualSocks = {
  mode: 'manual',
  scheme: 'socks5',
  host: 'socks.corp.example',
  port: 1080,
  username: 'nico',
  bypass: ['*.corp.example', '10.0.0.0/8', 'intranet.local'],
};

describe('Settings › Network', () => {
  let org: Org;
  let alice: TestUser;
  let hearth: TestHearth;
  let window: RendererPage;
  let page: Page;

  const proxyForm = () => page.getByRole('form', { name: 'Proxy' });
  const field = (name: string) => proxyForm().getByLabel(name, { exact: true });

  async function start(profile?: { profileDir: string; secrets: SecretStore }): Promise<void> {
    hearth = await startTestHearth({ ...profile, network: officeDesktop });
    if (!profile) await joinWithKey(hearth.app, org.url, alice);
    window = await openWindow(hearth, {
      keepProfile: true,
      imageOrigins: [org.url],
      viewport: { width: 1100, height: 820 },
    });
    page = window.page;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Network' }).click();
    await proxyForm().waitFor();
  }

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await start();
  });

  afterAll(async () => {
    await window?.close();
    if (hearth) await removeProfile(hearth.profileDir);
    await org?.close();
  });

  it('uses the system’s settings at first, and says where they lead', async () => {
    await expect(
      proxyForm().getByRole('radio', { name: 'Use the system’s proxy settings' }).isChecked(),
    ).resolves.toBe(true);
    await expect(
      proxyForm().getByText('Now through http://proxy.corp.example:3128.').count(),
    ).resolves.toBe(1);
    await expect(proxyForm().getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(
      true,
    );
  });

  it('says what is wrong with a proxy before sending it', async () => {
    await proxyForm().getByRole('radio', { name: 'Manual proxy' }).check();
    await field('Host').fill('http://proxy.corp.example/');
    await field('Port').fill('70000');
    // Longer than any host name.
    await field('Connect directly to').fill(`intranet.local, ${'a'.repeat(260)}.example`);
    const problems = proxyForm().locator('.field-problem');
    await expect(problems.allInnerTexts()).resolves.toEqual([
      'Only the host name or address, such as proxy.corp.example: no http:// and no path.',
      'The port is a whole number from 1 to 65535.',
      '“aaaaaaaaaaaaaaaaaaaaaaaa…” is longer than any host name (253 characters).',
    ]);
    await expect(field('Host').getAttribute('aria-invalid')).resolves.toBe('true');
    await window.screenshot('network-settings-problems');
    await expect(proxyForm().getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(
      true,
    );
  });

  it('shows why main refused a setting', async () => {
    await field('Host').fill('socks.corp.example');
    await field('Port').fill('1080');
    await field('Connect directly to').fill('');
    await expect(proxyForm().locator('.field-problem').count()).resolves.toBe(0);
    // Main's rule: a password goes with the user name the proxy asks for.
    await field('Password (optional)').fill('proxy secret');
    await proxyForm().getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => proxyForm().getByRole('alert').allInnerTexts())
      .toEqual(['A proxy password goes with a manual proxy and its user name.']);
    await expect(hearth.service.networkSettings({})).resolves.toMatchObject({
      proxy: { mode: 'system' },
      hasPassword: false,
    });
  });

  it('keeps a manual SOCKS5 proxy, its password and bypass list across a restart', async () => {
    await field('Type').selectOption({ label: 'SOCKS5' });
    await field('Host').fill('socks.corp.example');
    await field('Port').fill('1080');
    await field('User name (optional)').fill('nico');
    await field('Password (optional)').fill('proxy secret');
    await field('Connect directly to').fill('*.corp.example, 10.0.0.0/8\nintranet.local');
    await proxyForm().getByRole('button', { name: 'Save' }).click();
    await proxyForm().getByText('Saved: every connection now goes this way.').waitFor();
    await expect(hearth.service.networkSettings({})).resolves.toEqual({
      proxy: manualSocks,
      hasPassword: true,
      passwordInMemoryOnly: false,
      systemProxy: 'http://proxy.corp.example:3128',
    });
    // The window keeps no copy of the password.
    await expect(field('Password (optional)').inputValue()).resolves.toBe('');
    await expect(
      proxyForm()
        .getByText(/A password is saved.*Kept in the keychain/)
        .count(),
    ).resolves.toBe(1);
    expect(await seriousViolationsInBothThemes(page, 'Settings › Network')).toEqual([]);
    await window.screenshot('network-settings');

    const { profileDir, secrets } = hearth;
    await window.close();
    await start({ profileDir, secrets });
    await expect(
      proxyForm().getByRole('radio', { name: 'Manual proxy' }).isChecked(),
    ).resolves.toBe(true);
    await expect(field('Type').inputValue()).resolves.toBe('socks5');
    await expect(field('Host').inputValue()).resolves.toBe('socks.corp.example');
    await expect(field('Port').inputValue()).resolves.toBe('1080');
    await expect(field('User name (optional)').inputValue()).resolves.toBe('nico');
    await expect(field('Connect directly to').inputValue()).resolves.toBe(
      '*.corp.example\n10.0.0.0/8\nintranet.local',
    );
    await expect(
      proxyForm()
        .getByText(/A password is saved/)
        .count(),
    ).resolves.toBe(1);
    // This computer's own addresses never go through the proxy.
    await expect.poll(() => page.locator('.connection-banner.connected').count()).toBe(1);
    expect(window.pageErrors).toEqual([]);
  });

  it('forgets the password, and goes back to the system’s settings', async () => {
    await proxyForm().getByRole('button', { name: 'Forget password' }).click();
    await expect
      .poll(() =>
        proxyForm()
          .getByText(/A password is saved/)
          .count(),
      )
      .toBe(0);
    await expect(hearth.service.networkSettings({})).resolves.toMatchObject({
      proxy: manualSocks,
      hasPassword: false,
    });
    await proxyForm().getByRole('radio', { name: 'Use the system’s proxy settings' }).check();
    await expect(field('Host').count()).resolves.toBe(0);
    await proxyForm().getByRole('button', { name: 'Save' }).click();
    await proxyForm().getByText('Saved: every connection now goes this way.').waitFor();
    await expect(hearth.service.networkSettings({})).resolves.toMatchObject({
      proxy: { mode: 'system' },
      hasPassword: false,
    });
  });
});

describe('Settings › Network before the first account', () => {
  it('opens from the first-run screen, and keeps what was typed in the join form', async () => {
    const window = await openWindow(await startTestHearth({ secrets: createMemorySecretStore() }));
    try {
      const { page } = window;
      await page.getByRole('textbox', { name: 'Server URL' }).fill('chat.corp.example');
      await page.getByRole('button', { name: 'Network settings' }).click();
      await page.getByRole('heading', { name: 'Settings › Network' }).waitFor();
      const proxyForm = page.getByRole('form', { name: 'Proxy' });
      await proxyForm.getByRole('radio', { name: 'No proxy' }).check();
      await proxyForm.getByRole('button', { name: 'Save' }).click();
      await proxyForm.getByText('Saved: every connection now goes this way.').waitFor();
      await expect(window.hearth.service.networkSettings({})).resolves.toMatchObject({
        proxy: { mode: 'none' },
        passwordInMemoryOnly: true,
      });
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByRole('textbox', { name: 'Server URL' }).inputValue()).resolves.toBe(
        'chat.corp.example',
      );
      expect(window.pageErrors).toEqual([]);
    } finally {
      await window.close();
    }
  });
});

describe('an account behind a proxy that refuses the credentials it is given', () => {
  it('says so in the banner, and takes the right ones in Settings › Network', async () => {
    const org = await startOrg({ allowedHosts: ['chat.corp.example'] });
    const proxy = await startOfficeProxy('nico:proxy secret');
    const hearth = await startTestHearth({
      secrets: createMemorySecretStore(),
      // Every request through the app's own network, and so through the proxy.
      tuning: { ...testTuning, fetch: undefined },
      network: { env: {} },
    });
    const window = await openWindow(hearth, { viewport: { width: 1100, height: 820 } });
    try {
      const office: ProxySetting = {
        mode: 'manual',
        scheme: 'http',
        host: '127.0.0.1',
        port: proxy.port,
        username: 'nico',
        bypass: [],
      };
      await hearth.service.setNetworkSettings({ proxy: office, password: 'proxy secret' });
      // Only the office's proxy knows this name.
      await joinWithKey(
        hearth.app,
        `http://chat.corp.example:${new URL(org.url).port}`,
        await org.user('alice'),
        { sendUnencrypted: true },
      );
      const { page } = window;
      const banner = page.locator('.connection-banner');
      // Registering through the proxy can outlast the poll's default 5 s on a busy machine.
      await expect
        .poll(() => page.locator('.connection-banner.connected').count(), { timeout: 20_000 })
        .toBe(1);

      // The proxy's password changed, and Hearth was told another.
      await hearth.service.setNetworkSettings({ proxy: office, password: 'last year’s' });
      const open = banner.getByRole('button', { name: 'Open Settings › Network' });
      await open.waitFor({ timeout: 20_000 });
      // Word for word what the join form says (joinProblems.test.ts).
      await expect(banner.getByRole('alert').innerText()).resolves.toBe(
        `The proxy ${proxy.url} did not accept the user name and password it was given: give them in Settings › Network.`,
      );
      expect(await seriousViolationsInBothThemes(page, 'proxy credentials banner')).toEqual([]);
      await window.screenshot('proxy-credentials-banner');

      await open.click();
      await expect(
        page.getByRole('tab', { name: 'Network' }).getAttribute('aria-selected'),
      ).resolves.toBe('true');
      const proxyForm = page.getByRole('form', { name: 'Proxy' });
      await proxyForm.getByLabel('Password (optional)', { exact: true }).fill('proxy secret');
      await proxyForm.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => page.locator('.connection-banner.connected').count(), { timeout: 20_000 })
        .toBe(1);
      expect(window.pageErrors).toEqual([]);
    } finally {
      await window.close();
      await proxy.close();
      await org.close();
    }
  });
});
