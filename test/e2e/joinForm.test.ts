import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { fixture, startFixtureServer, type FixtureServer } from '../client/accounts/fixtureServer';
import { startTestHearth } from '../helpers/hearth';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 13, point 1: the join form offers only what the server lets Hearth
// use, and says why when the server's own sign-in needs a web browser.

const documented = fixture('server-settings');
const withoutPasswords = {
  ...documented,
  zulip_feature_level: 185,
  email_auth_enabled: false,
  authentication_methods: { password: false, dev: false, ldap: false, google: true, saml: true },
};
const withLdap = {
  ...documented,
  zulip_feature_level: 185,
  email_auth_enabled: false,
  require_email_format_usernames: false,
  authentication_methods: { password: false, dev: false, ldap: true },
  external_authentication_methods: [],
};

let singleSignOn: FixtureServer;
let ldap: FixtureServer;
let window: RendererPage | undefined;

beforeAll(async () => {
  singleSignOn = await startFixtureServer({
    'GET /api/v1/server_settings': { status: 200, body: withoutPasswords },
  });
  ldap = await startFixtureServer({
    'GET /api/v1/server_settings': { status: 200, body: withLdap },
  });
});

afterEach(async () => {
  await window?.close();
  window = undefined;
});

afterAll(async () => {
  await singleSignOn?.close();
  await ldap?.close();
});

async function checkServer(url: string): Promise<RendererPage> {
  window = await openWindow(await startTestHearth({ secrets: createMemorySecretStore() }));
  const { page } = window;
  await page.getByRole('textbox', { name: 'Server URL' }).fill(url);
  await page.getByRole('button', { name: 'Check server' }).click();
  await page.getByRole('button', { name: 'Join' }).waitFor();
  return window;
}

describe('the join form', () => {
  it('explains a browser-only sign-in and offers the API key and zuliprc instead', async () => {
    const { page, screenshot } = await checkServer(singleSignOn.url);
    const methods = page.getByRole('group', { name: 'Sign in with' });
    await expect(methods.getByRole('button').allTextContents()).resolves.toEqual([
      'API key',
      'zuliprc file',
    ]);
    await expect(page.getByRole('note').first().textContent()).resolves.toBe(
      'Zulip Dev signs in through SAML, Google, GitHub in a web browser, which Hearth cannot open. ' +
        'Sign in on the web, then copy your API key from Personal settings → Account & privacy, ' +
        'or download a zuliprc file there.',
    );
    expect(await page.getByLabel('Password').count()).toBe(0);
    await expect(page.getByRole('textbox', { name: 'API key' }).isVisible()).resolves.toBe(true);
    await screenshot('join-browser-only');
  });

  it("asks an LDAP server's users for their username with the password, and their email with a key", async () => {
    const { page } = await checkServer(ldap.url);
    await expect(page.getByRole('textbox', { name: 'Username' }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('note').count()).toBe(0);
    await page.getByRole('button', { name: 'API key' }).click();
    await expect(page.getByRole('textbox', { name: 'Email' }).isVisible()).resolves.toBe(true);
  });
});
