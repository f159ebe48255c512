import { X509Certificate } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { fingerprintInLink } from '../../src-main/wire/fingerprint';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { startTestHearth } from '../helpers/hearth';
import {
  issueCertificate,
  tlsFront,
  type KeyAndCertificate,
  type TlsFront,
} from '../helpers/network/testAuthority';
import { startOrg, testPassword, type Org, type TestUser } from '../helpers/org';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 35, point 3, in the window: joining a server with a certificate of
// its own making shows the certificate and trusts it only once the person
// confirms; a later certificate is refused until the person, shown both
// fingerprints, trusts the new one.

const fingerprintOf = (made: KeyAndCertificate) => new X509Certificate(made.certPem).fingerprint256;

describe('a self-signed server, trusted by its fingerprint in the window', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let first: KeyAndCertificate;
  let second: KeyAndCertificate;
  let front: TlsFront;
  let serverUrl: string;
  let host: string;
  let window: RendererPage;
  let page: Page;

  const dialog = () => page.getByRole('dialog');
  const detail = (term: string) =>
    dialog().locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    for (const user of [alice, bob]) await org.subscribe(user, 'general');
    first = await issueCertificate(['localhost'], null);
    second = await issueCertificate(['localhost'], null);
    front = await tlsFront(first, Number(new URL(org.url).port));
    host = `localhost:${front.port}`;
    serverUrl = `https://${host}`;
    const hearth = await startTestHearth({
      secrets: createMemorySecretStore(),
      network: { env: {} },
    });
    window = await openWindow(hearth, {
      // Tall enough to show the whole certificate beside the join form.
      viewport: { width: 1100, height: 960 },
      imageOrigins: [serverUrl],
    });
    page = window.page;
  });

  afterAll(async () => {
    await window?.close();
    await front?.close();
    await org?.close();
  });

  it('shows the certificate when the server is checked, and trusts nothing yet', async () => {
    await page.getByRole('textbox', { name: 'Server URL' }).fill(serverUrl);
    await page.getByRole('button', { name: 'Check server' }).click();
    await dialog().waitFor();
    await expect(dialog().getByRole('heading').innerText()).resolves.toBe(
      `The certificate of ${host}`,
    );
    await expect(dialog().innerText()).resolves.toContain(
      `Its certificate is self-signed: nothing vouches that it belongs to ${host}.`,
    );
    await expect(detail('Issued to').innerText()).resolves.toBe('CN=localhost');
    await expect(detail('Issued by').innerText()).resolves.toBe('CN=localhost (itself)');
    await expect(detail('Names').innerText()).resolves.toBe('localhost');
    await expect(detail('Fingerprint (SHA-256)').innerText()).resolves.toBe(fingerprintOf(first));
    const trust = dialog().getByRole('button', { name: `Trust this certificate for ${host}` });
    await expect(trust.isDisabled()).resolves.toBe(true);
    expect(await seriousViolationsInBothThemes(page, 'certificate dialog')).toEqual([]);
    await window.screenshot('certificate-dialog');

    // Cancelling leaves the message, and the way back to the certificate.
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog().isVisible()).resolves.toBe(false);
    await expect(
      page.getByRole('form', { name: 'Join an organization' }).getByRole('alert').innerText(),
    ).resolves.toContain('self-signed');
    await expect(window.hearth.service.getAppState({})).resolves.toMatchObject({ accounts: [] });
    await window.screenshot('join-untrusted-certificate');
  });

  it('trusts it once the fingerprint is confirmed, and signs in with a password', async () => {
    await page.getByRole('button', { name: 'Review certificate…' }).click();
    await dialog()
      .getByRole('checkbox', { name: /I compared this fingerprint/ })
      .check();
    await dialog()
      .getByRole('button', { name: `Trust this certificate for ${host}` })
      .click();
    const joinForm = page.getByRole('form', { name: 'Join an organization' });
    await joinForm.getByRole('textbox', { name: 'Email' }).fill(alice.email);
    await expect(joinForm.getByRole('textbox', { name: 'Server URL' }).inputValue()).resolves.toBe(
      `${serverUrl}/#fingerprint=${fingerprintInLink(fingerprintOf(first))}`,
    );
    await joinForm.getByLabel('Password').fill(testPassword);
    await joinForm.getByRole('button', { name: 'Join', exact: true }).click();
    await expect
      .poll(() => page.locator('.connection-banner.connected').count(), { timeout: 20_000 })
      .toBe(1);
    expect(window.hearth.app.active().account.certificate?.fingerprint).toBe(fingerprintOf(first));
  });

  it('refuses another certificate until the person trusts it, then reconnects', async () => {
    front.present(second);
    const banner = page.locator('.connection-banner');
    const review = banner.getByRole('button', { name: 'Review certificate' });
    await review.waitFor({ timeout: 30_000 });
    await expect(banner.getByRole('alert').innerText()).resolves.toContain(fingerprintOf(second));

    await review.click();
    await expect(dialog().getByRole('heading').innerText()).resolves.toBe(
      `The certificate of ${host} changed`,
    );
    await expect(detail('Trusted until now').innerText()).resolves.toBe(fingerprintOf(first));
    await expect(detail('Presented now').innerText()).resolves.toBe(fingerprintOf(second));
    expect(await seriousViolationsInBothThemes(page, 'changed certificate')).toEqual([]);
    await window.screenshot('certificate-changed-review');

    // Cancelling keeps refusing.
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await window.screenshot('certificate-changed-banner');
    expect(window.hearth.app.active().connection.problem?.kind).toBe('certificate-changed');
    expect(window.hearth.app.active().account.certificate?.fingerprint).toBe(fingerprintOf(first));

    await review.click();
    const trust = dialog().getByRole('button', { name: 'Trust the new certificate' });
    await expect(trust.isDisabled()).resolves.toBe(true);
    await dialog()
      .getByRole('checkbox', { name: /I compared this fingerprint/ })
      .check();
    await trust.click();
    await expect
      .poll(() => page.locator('.connection-banner.connected').count(), { timeout: 20_000 })
      .toBe(1);
    expect(window.hearth.app.active().account.certificate?.fingerprint).toBe(fingerprintOf(second));

    await org.sendStream(bob, 'general', 'trust', 'Seen over the new certificate');
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /# general/ })
      .click();
    await page.locator('.message', { hasText: 'Seen over the new certificate' }).waitFor();
    expect(window.pageErrors).toEqual([]);
  });
});
