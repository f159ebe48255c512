import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { startTestHearth } from '../helpers/hearth';
import { startOrg, type Org } from '../helpers/org';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 16, point 3: a colleague's Hearth joins an office host over its
// network by an invitation link, pins the certificate the link names, and
// later refuses another certificate with a warning that says so.

describe('joining a colleague’s host over the network', () => {
  let org: Org;
  let link: string;
  let newcomer: RendererPage;

  const serverField = () =>
    newcomer.page.getByRole('textbox', { name: 'Server URL or invitation link' });

  beforeAll(async () => {
    org = await startOrg({
      network: { address: '0.0.0.0', port: 0 },
      organization: {
        realmName: 'Harbour Office',
        ownerEmail: 'owner@harbour.test',
        ownerFullName: 'Hana Harbour',
      },
    });
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'office' }],
    });
    const office = (await org.api(org.owner)('GET', '/get_stream_id', { stream: 'office' })).json
      .stream_id as number;
    link = (await org.api(org.owner)('POST', '/invites/multiuse', { stream_ids: [office] })).json
      .invite_link as string;
    newcomer = await openWindow(await startTestHearth({ secrets: createMemorySecretStore() }), {
      viewport: { width: 1100, height: 800 },
    });
  });

  afterAll(async () => {
    await newcomer?.close();
    await org?.close();
  });

  it('refuses a link whose fingerprint is not the certificate the host presents', async () => {
    expect(link).toMatch(/^https:\/\/.+#fingerprint=[0-9a-f]{64}$/);
    const forged = link.replace(/#fingerprint=.*/, `#fingerprint=${'ab'.repeat(32)}`);
    await serverField().fill(forged);
    await newcomer.page.getByRole('button', { name: 'Check server' }).click();
    await expect
      .poll(() => newcomer.page.getByRole('alert').allInnerTexts())
      .toContainEqual(expect.stringContaining('not AB:AB:AB'));
    expect(await newcomer.page.getByRole('alert').first().innerText()).toContain(
      'Someone may be intercepting the connection',
    );
    await newcomer.screenshot('join-forged-fingerprint');
  });

  it('joins by the link over HTTPS and pins the host’s certificate', async () => {
    const { page } = newcomer;
    await serverField().fill(link);
    await page.getByRole('button', { name: 'Check server' }).click();
    // The Join form asks for these once the host answered; the Host form has fields of the same names.
    const joinForm = page.getByRole('form', { name: 'Join an organization' });
    await joinForm.getByRole('textbox', { name: 'Your name' }).fill('Nico Network');
    await joinForm.getByRole('textbox', { name: 'Email' }).fill('nico@hearth.test');
    await joinForm.getByLabel('Password').fill('a fine password');
    await joinForm.getByRole('button', { name: 'Join with this invitation' }).click();
    await page.getByRole('button', { name: /# office/ }).waitFor();
    await expect.poll(() => page.locator('.connection-banner.connected').count()).toBe(1);

    const network = org.network;
    if (!network || !('urls' in network)) throw new Error('the host does not serve the network');
    const accounts = JSON.parse(
      await readFile(join(newcomer.hearth.profileDir, 'accounts.json'), 'utf8'),
    ) as { accounts: { serverUrl: string; certificate: { fingerprint: string } | null }[] };
    expect(accounts.accounts).toEqual([
      expect.objectContaining({
        serverUrl: network.urls[0],
        certificate: expect.objectContaining({ fingerprint: network.fingerprint }),
      }),
    ]);

    await page.getByRole('button', { name: /# office/ }).click();
    await page.getByRole('combobox', { name: 'Topic' }).fill('over the network');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello from across the room');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.message:not(.outbox-entry)', { hasText: 'Hello from across' }).waitFor();
  });

  it('refuses the host once it presents another certificate, and says why', async () => {
    const before = org.network;
    await org.stop();
    // The host makes a new certificate when its own is gone, as a reinstalled one would.
    await rm(join(org.dataDir, 'tls'), { recursive: true });
    await org.start();
    const after = org.network;
    expect(after?.fingerprint).not.toBe(before?.fingerprint);

    const warning = newcomer.page.locator('.connection-warning');
    await expect.poll(() => warning.count(), { timeout: 30_000 }).toBe(1);
    const text = await warning.innerText();
    expect(text).toContain('presented a different certificate');
    expect(text).toContain(after?.fingerprint);
    await newcomer.screenshot('certificate-changed');
    expect(newcomer.pageErrors).toEqual([]);
  });

  it('lists the host it finds on the network, and signs in once the fingerprint is compared', async () => {
    const rita = await org.user('rita');
    const network = org.network;
    if (!network || !('urls' in network)) throw new Error('the host does not serve the network');
    const window = await openWindow(await startTestHearth({ secrets: createMemorySecretStore() }), {
      viewport: { width: 1100, height: 800 },
    });
    try {
      const { page } = window;
      const nearby = page.getByRole('region', { name: 'On your network' });
      const entry = nearby.locator('li', { hasText: 'Harbour Office' });
      // A host that was not up yet when the form looked is found by looking again.
      await expect
        .poll(
          async () => {
            if ((await nearby.getByText('No organization hosted with Hearth').count()) > 0)
              await nearby.getByRole('button', { name: 'Look again' }).click();
            return entry.count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      expect(await entry.locator('code').first().innerText()).toMatch(
        new RegExp(`^https://[\\d.]+:${network.port}$`),
      );
      await entry.getByRole('button', { name: 'Use Harbour Office…' }).click();
      expect(await entry.locator('.nearby-fingerprint').innerText()).toBe(network.fingerprint);
      await window.screenshot('join-nearby');
      await entry.getByRole('button', { name: 'They match' }).click();

      // The Join form asks for an email once the host answered; the Host form has one of its own.
      const joinForm = page.getByRole('form', { name: 'Join an organization' });
      await joinForm.getByRole('textbox', { name: 'Email' }).fill(rita.email);
      await joinForm.getByLabel('Password').fill('correct horse battery staple');
      await joinForm.getByRole('button', { name: 'Join', exact: true }).click();
      await expect
        .poll(() => page.locator('.connection-banner.connected').count(), { timeout: 20_000 })
        .toBe(1);
      const state = await window.hearth.service.getAppState({});
      expect(state.accounts.map((account) => account.realmName)).toEqual(['Harbour Office']);
      const accounts = JSON.parse(
        await readFile(join(window.hearth.profileDir, 'accounts.json'), 'utf8'),
      ) as { accounts: { certificate: { fingerprint: string } | null }[] };
      expect(accounts.accounts[0]?.certificate?.fingerprint).toBe(network.fingerprint);
    } finally {
      await window.close();
    }
  });
});
