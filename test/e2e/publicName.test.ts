import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHearth } from '../helpers/hearth';
import { occupyPort, portOf, release } from '../helpers/https';
import { startBind, type BindServer } from '../helpers/network/bindServer';
import { startPebble, type PebbleServer } from '../helpers/network/pebbleServer';
import { hostHarbourOffice } from '../helpers/hostFromWindow';
import { openWindow, type RendererPage } from '../helpers/rendererPage';
import { getByName } from '../helpers/network/byName';
import {
  issueCertificate,
  makeOfficeAuthority,
  type OfficeAuthority,
} from '../helpers/network/testAuthority';

// Issue 53, point 7, as a new owner tries it: on the Hosting page, "A
// certificate phones trust": a name and the DNS server's details, a refusal
// shown in the server's own words with "Try again", then the certificate
// arriving, with its name, issuer and expiry. pebble stands for Let's
// Encrypt and BIND for the office's DNS server, both real, on loopback; the
// secrets go to the real keychain the test command provides (point 5).

describe('the Hosting page: a certificate phones trust', () => {
  let bind: BindServer;
  let pebble: PebbleServer;
  let window: RendererPage;
  // An authority phones would trust, as a company's or a commercial one: the owner's own certificate comes from it.
  let office: OfficeAuthority;

  const hostingPanel = () => window.page.locator('.hosting-view');
  const section = () =>
    hostingPanel().locator('section', {
      has: window.page.getByRole('heading', { name: 'A certificate phones trust' }),
    });
  const fact = (name: string) =>
    section()
      .locator('.hosting-facts dt', { hasText: name })
      .locator('xpath=following-sibling::dd[1]');

  beforeAll(async () => {
    bind = await startBind('office.test');
    pebble = await startPebble(bind.port);
    office = await makeOfficeAuthority();
    window = await openWindow(
      await startTestHearth({
        acmeAuthorities: [pebble.listenerCertPem, pebble.rootPem, office.root.certPem],
      }),
      { viewport: { width: 1100, height: 1000 } },
    );
    await hostHarbourOffice(window.page);
  }, 60_000);

  afterAll(async () => {
    await window?.close();
    await pebble?.close();
    await bind?.close();
  });

  /** The section's screenshot, once the owner's account is back from the restart a change asked for. */
  async function screenshotOnceBack(name: string): Promise<void> {
    await expect
      .poll(() => window.page.locator('.connection-banner.connected').count(), { timeout: 20_000 })
      .toBe(1);
    await section()
      .getByRole('heading', { name: 'A certificate phones trust' })
      .scrollIntoViewIfNeeded();
    await window.screenshot(name);
  }

  async function askFor(name: string, keyName: string): Promise<void> {
    const form = section().locator('form');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'DNS server' }).fill(`127.0.0.1:${bind.port}`);
    await form.getByRole('textbox', { name: 'TSIG key name' }).fill(keyName);
    await form.getByLabel('TSIG secret').fill(bind.key.secret);
    await form
      .getByRole('textbox', { name: 'Authority (ACME directory URL)' })
      .fill(pebble.directoryUrl);
    await form.getByRole('button', { name: 'Get the certificate' }).click();
  }

  it('asks for the network first, then shows the DNS server’s refusal with “Try again”', async () => {
    const { page } = window;
    await page.getByRole('button', { name: 'Hosting', exact: true }).click();
    await expect
      .poll(() => section().innerText())
      .toContain('Let others on your network join first');

    const free = await occupyPort('0.0.0.0');
    const port = portOf(free);
    await release(free);
    await hostingPanel().getByRole('checkbox', { name: 'Let others on my network join' }).check();
    await hostingPanel().getByRole('spinbutton', { name: 'port' }).fill(String(port));
    await hostingPanel().getByRole('button', { name: 'Apply' }).click();
    await section().locator('form').waitFor({ timeout: 30_000 });

    const { confirmations } = window.hearth;
    confirmations.asked.length = 0;
    await askFor('phones.office.test', 'a-key-bind-does-not-know');
    await expect
      .poll(() => confirmations.asked.map(({ message }) => message))
      .toEqual([
        'Ask Let’s Encrypt for a certificate for phones.office.test, and point phones.office.test at this computer, for Harbour Office?',
      ]);
    const refusal = section().getByRole('alert').first();
    await expect
      .poll(() => refusal.innerText(), { timeout: 45_000 })
      .toContain('The DNS server refused the change:');
    expect(await refusal.innerText()).toContain('BADKEY');
    expect(await fact('Certificate').innerText()).toBe(
      'None yet: Hearth apps still join by the host’s own certificate',
    );
    // The secret left the form once the host had it.
    expect(await section().getByLabel('TSIG secret').inputValue()).toBe('');
    await section()
      .getByRole('heading', { name: 'A certificate phones trust' })
      .scrollIntoViewIfNeeded();
    await window.screenshot('hosting-public-name-refused');

    await section().getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => refusal.innerText(), { timeout: 45_000 }).toContain('BADKEY');
  }, 120_000);

  it('gets the certificate with the right key and shows its name, issuer and expiry', async () => {
    await askFor('phones.office.test', bind.key.name);
    await expect
      .poll(() => fact('Certificate').innerText(), { timeout: 60_000 })
      .toBe('Served: phones trust the host by this name');
    expect(await fact('Name').innerText()).toBe('phones.office.test');
    expect(await fact('Issued by').innerText()).toMatch(/Pebble/);
    expect(await fact('Expires').innerText()).toMatch(/\d{4}/);
    expect(await fact('Renewed on').innerText()).toMatch(/\d{4}/);
    expect(await section().getByRole('alert').count()).toBe(0);
    await expect
      .poll(() => fact('Points at').innerText(), { timeout: 30_000 })
      .not.toBe('Not set yet');
    const pointsAt = (await fact('Points at').innerText()).split(', ');
    expect((await bind.lookup('phones.office.test', 'A')).sort()).toEqual(
      pointsAt.filter((address) => !address.includes(':')).sort(),
    );
    // Phones are given the name first.
    const addresses = await hostingPanel()
      .locator('.hosting-facts dt', { hasText: 'Addresses' })
      .locator('xpath=following-sibling::dd[1]')
      .innerText();
    expect(addresses).toMatch(/https:\/\/phones\.office\.test:\d+ \(network\)/);
    // The secrets are the keychain's, and none is left in the profile's files.
    const { secrets, profileDir } = window.hearth;
    const organization = join(profileDir, 'organization');
    const inKeychain = (name: string) => secrets.get(`hosting ${name} of ${organization}`);
    expect(await inKeychain('tsig-secret')).toBe(bind.key.secret);
    expect(await inKeychain('acme-account-key')).toContain('PRIVATE KEY');
    expect(await inKeychain('certificate-key')).toContain('PRIVATE KEY');
    const files = await readdir(join(organization, 'tls', 'public'));
    expect(files).toContain('certificate.pem');
    for (const name of ['tsig-secret', 'acme-account-key', 'certificate-key']) {
      expect(files).not.toContain(name);
    }
    await screenshotOnceBack('hosting-public-name');
  }, 120_000);

  const keychainEntry = (name: string) =>
    window.hearth.secrets.get(
      `hosting ${name} of ${join(window.hearth.profileDir, 'organization')}`,
    );

  it('stops using the name: its record leaves the DNS, its secrets the keychain', async () => {
    const { confirmations } = window.hearth;
    confirmations.asked.length = 0;
    await section().getByRole('button', { name: 'Stop using this name…' }).click();
    await section()
      .getByRole('group', { name: 'Confirm stopping the name' })
      .getByRole('button', { name: 'Stop using this name', exact: true })
      .click();
    await expect
      .poll(() => confirmations.asked.map(({ message }) => message))
      .toEqual(['Stop using phones.office.test for Harbour Office?']);
    await expect
      .poll(() => section().locator('.public-name-facts').count(), { timeout: 30_000 })
      .toBe(0);
    await section().locator('form').waitFor({ timeout: 30_000 });
    expect(await bind.lookup('phones.office.test', 'A')).toEqual([]);
    for (const name of ['tsig-secret', 'acme-account-key', 'certificate-key']) {
      expect(await keychainEntry(name)).toBeNull();
    }
    expect(await readdir(join(window.hearth.profileDir, 'organization', 'tls', 'public'))).toEqual(
      [],
    );
    const addresses = await hostingPanel()
      .locator('.hosting-facts dt', { hasText: 'Addresses' })
      .locator('xpath=following-sibling::dd[1]')
      .innerText();
    expect(addresses).not.toContain('phones.office.test');
    // Invitation links carry the host's own fingerprint again, as the network section says.
    expect(await hostingPanel().innerText()).toContain('Invitation links carry it');
  }, 120_000);

  it('serves the owner’s own certificate: a bad pair refused saying why, a good one shown with its names, issuer and expiry', async () => {
    const { confirmations } = window.hearth;
    const leaf = await issueCertificate(['chat.office.test'], office.intermediate, {
      notBeforeDate: new Date(Date.now() - 60_000),
      notAfterDate: new Date(Date.now() + 14 * 24 * 60 * 60 * 1000),
    });
    const stranger = await issueCertificate(['chat.office.test'], office.intermediate);
    await section().getByRole('radio', { name: 'Your own certificate' }).check();
    const form = section().locator('form');
    const certificate = form.getByRole('textbox', { name: 'Certificate (PEM)' });
    const key = form.getByRole('textbox', { name: 'Private key (PEM)' });
    const apply = form.getByRole('button', { name: 'Use this certificate' });
    const refusal = hostingPanel().locator('p.error[role=alert]');

    // Without its chain, no phone could trace it to the authority.
    await certificate.fill(leaf.certPem);
    await key.fill(leaf.keyPem);
    await apply.click();
    await expect.poll(() => refusal.innerText()).toContain('The chain is incomplete');
    await certificate.fill(`${leaf.certPem}\n${office.intermediate.certPem}`);
    await key.fill(stranger.keyPem);
    await apply.click();
    await expect
      .poll(() => refusal.innerText())
      .toBe('The key does not belong to this certificate.');
    expect(confirmations.asked.filter(({ message }) => message.includes('chat.office'))).toEqual(
      [],
    );

    await key.fill(leaf.keyPem);
    await apply.click();
    await expect
      .poll(() => confirmations.asked.at(-1)?.message)
      .toBe(
        'Serve your certificate for chat.office.test to phones and browsers, for Harbour Office?',
      );
    const facts = section().locator('.own-certificate-facts');
    await facts.waitFor({ timeout: 30_000 });
    expect(await fact('Names').innerText()).toBe('chat.office.test');
    expect(await fact('Issued by').innerText()).toBe('Office Issuing CA');
    expect(await fact('Expires').innerText()).toMatch(/\d{4}/);
    // Two weeks left: the owner is told to renew it, which Hearth cannot do for them.
    expect(await section().locator('.certificate-warning').innerText()).toContain(
      'It expires within three weeks.',
    );
    expect(await refusal.count()).toBe(0);

    // A phone asking for the name gets it; the key went to the keychain.
    const port = Number(
      /https:\/\/chat\.office\.test:(\d+)/.exec(await hostingPanel().innerText())?.[1],
    );
    const phone = await getByName(port, 'chat.office.test', '/api/v1/server_settings', {
      ca: office.root.certPem,
    });
    expect(phone.status).toBe(200);
    expect(await keychainEntry('certificate-key')).toBe(leaf.keyPem);
    expect(await hostingPanel().innerText()).not.toContain('Invitation links carry it');
    await screenshotOnceBack('hosting-own-certificate');
  }, 120_000);
});
