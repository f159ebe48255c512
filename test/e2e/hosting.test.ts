import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { startTestHearth } from '../helpers/hearth';
import { getTrusting, occupyPort, portOf, release } from '../helpers/https';
import { hostHarbourOffice } from '../helpers/hostFromWindow';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 16, point 1: the Hosting page of the organization this computer
// hosts shows its host's state and uptime, its address, its users and who is
// online, the database's size and the host's log, and stops and starts it.

describe('the Hosting page', () => {
  let window: RendererPage;

  const hostingPanel = () => window.page.locator('.hosting-view');
  const fact = (name: string) =>
    hostingPanel()
      .locator('.hosting-facts dt', { hasText: name })
      .locator('xpath=following-sibling::dd[1]');

  beforeAll(async () => {
    window = await openWindow(await startTestHearth({ secrets: createMemorySecretStore() }), {
      viewport: { width: 1100, height: 900 },
    });
    await hostHarbourOffice(window.page);
  });

  afterAll(async () => {
    await window?.close();
  });

  it('shows the running host: uptime, address, users online, database and log', async () => {
    const { page } = window;
    await page.getByRole('button', { name: 'Hosting', exact: true }).click();
    await expect.poll(() => fact('Status').innerText()).toMatch(/^Running for less than a minute/);
    const state = await window.hearth.service.getAppState({});
    const hosted = state.accounts.find((account) => account.hosted);
    expect(await fact('Addresses').innerText()).toBe(`${hosted?.serverUrl} (this computer)`);
    await expect.poll(() => fact('Users').innerText()).toBe('1 (1 online)');
    // Whole kilobytes below a megabyte, grouped as the locale groups them (1,004 KB).
    expect(await fact('Database').innerText()).toMatch(/^\d{1,3}(,\d{3})*(\.\d)? (KB|MB)$/);
    const log = await hostingPanel().locator('.hosting-log').innerText();
    expect(log).toContain('host serving at');
    await window.screenshot('hosting');
  });

  it('stops the host after a confirmation, and the account goes offline', async () => {
    const { page } = window;
    await hostingPanel().getByRole('button', { name: 'Stop…' }).click();
    await hostingPanel().getByRole('button', { name: 'Stop hosting' }).click();
    await expect.poll(() => fact('Status').innerText(), { timeout: 15_000 }).toBe('Stopped');
    expect(await fact('Addresses').innerText()).toBe('None while stopped');
    const appState = await window.hearth.service.getAppState({});
    expect(appState.hosting).toBe('stopped');
    const serverUrl = appState.accounts.find((account) => account.hosted)?.serverUrl ?? '';
    await expect(fetch(new URL('/api/v1/server_settings', serverUrl))).rejects.toThrow();
    await expect
      .poll(() => page.locator('.connection-banner.offline, .connection-banner.connecting').count())
      .toBe(1);
  });

  it('starts it again on the same address, and the account reconnects and sends', async () => {
    const { page } = window;
    await hostingPanel().getByRole('button', { name: 'Start hosting' }).click();
    // A worker thread starts the host again, which takes a while on a busy machine.
    await expect.poll(() => fact('Status').innerText(), { timeout: 30_000 }).toMatch(/^Running/);
    const appState = await window.hearth.service.getAppState({});
    const serverUrl = appState.accounts.find((account) => account.hosted)?.serverUrl ?? '';
    expect((await fetch(new URL('/api/v1/server_settings', serverUrl))).status).toBe(200);
    await expect
      .poll(() => page.locator('.connection-banner.connected').count(), { timeout: 20_000 })
      .toBe(1);
    await page.getByRole('button', { name: /# general/ }).click();
    await page.getByRole('combobox', { name: 'Topic' }).fill('after the restart');
    await page.getByRole('textbox', { name: 'Message' }).fill('Back online');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.message:not(.outbox-entry)', { hasText: 'Back online' }).waitFor();
    expect(window.pageErrors).toEqual([]);
  });

  it('lets others on the network join over HTTPS, showing where and the certificate', async () => {
    const { page } = window;
    const free = await occupyPort('0.0.0.0');
    const port = portOf(free);
    await release(free);
    await page.getByRole('button', { name: 'Hosting', exact: true }).click();
    await hostingPanel().getByRole('checkbox', { name: 'Let others on my network join' }).check();
    await expect
      .poll(() =>
        hostingPanel()
          .getByRole('combobox', { name: 'Listen on' })
          .locator('option')
          .allInnerTexts(),
      )
      .toContain('All of this computer’s networks');
    await hostingPanel().getByRole('spinbutton', { name: 'port' }).fill(String(port));
    const { confirmations } = window.hearth;
    confirmations.asked.length = 0;
    await hostingPanel().getByRole('button', { name: 'Apply' }).click();

    await expect
      .poll(() => confirmations.asked.map(({ message }) => message))
      .toEqual([
        expect.stringMatching(
          new RegExp(
            `^Serve Harbour Office to other computers on this network (at https://[\\d.]+:${port}|on every address)`,
          ),
        ),
      ]);
    await expect
      .poll(() => fact('Addresses').innerText(), { timeout: 30_000 })
      .toMatch(new RegExp(`https://[\\d.]+:${port} \\(network\\)`));
    const certificatePath = await fact('Certificate file').locator('code').innerText();
    const certPem = await readFile(certificatePath, 'utf8');
    expect(await fact('Certificate fingerprint').locator('code').innerText()).toBe(
      new X509Certificate(certPem).fingerprint256,
    );
    const networkUrl = /https:\/\/\S+/.exec(await fact('Addresses').innerText())?.[0] ?? '';
    expect(await getTrusting(`${networkUrl}/api/v1/server_settings`, certPem)).toMatchObject({
      status: 200,
      json: { realm_uri: networkUrl },
    });
    // The owner's account, on loopback, is back after the restart.
    await expect
      .poll(() => page.locator('.connection-banner.connected').count(), { timeout: 20_000 })
      .toBe(1);
    await window.screenshot('hosting-network');
  });

  it('says why it cannot serve a port another program holds, and keeps serving this computer', async () => {
    const taken = await occupyPort('0.0.0.0');
    try {
      await hostingPanel()
        .getByRole('spinbutton', { name: 'port' })
        .fill(String(portOf(taken)));
      await hostingPanel().getByRole('button', { name: 'Apply' }).click();
      await expect
        .poll(() => hostingPanel().getByRole('alert').innerText(), { timeout: 30_000 })
        .toContain(`Port ${portOf(taken)} is already in use`);
      await expect.poll(() => fact('Status').innerText()).toMatch(/^Running/);
      await window.screenshot('hosting-network-in-use');

      await hostingPanel()
        .getByRole('checkbox', { name: 'Let others on my network join' })
        .uncheck();
      await hostingPanel().getByRole('button', { name: 'Apply' }).click();
      await expect
        .poll(() => hostingPanel().getByRole('alert').count(), { timeout: 30_000 })
        .toBe(0);
      // The host restarts to stop serving the network, which takes a while on a busy machine.
      await expect
        .poll(() => fact('Addresses').innerText(), { timeout: 30_000 })
        .toMatch(/\(this computer\)$/);
      expect(window.pageErrors).toEqual([]);
    } finally {
      await release(taken);
    }
  });

  it('backs up on demand, keeps as many as asked, and restores one once main’s dialog is confirmed', async () => {
    const { page } = window;
    const backups = hostingPanel().getByRole('region', { name: 'Backups' });
    const rows = backups.locator('table.backups tbody tr');
    expect(await backups.getByText('No backup yet.').count()).toBe(1);
    await backups.getByRole('button', { name: 'Back up now' }).click();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    expect(await rows.first().locator('td').nth(1).innerText()).toMatch(/^\d+(\.\d)? (KB|MB)$/);
    await backups.getByRole('button', { name: 'Back up now' }).click();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    await backups.getByLabel('Keep the last').selectOption('1');
    await expect.poll(() => rows.count()).toBe(1);

    await page.getByRole('button', { name: /# general/ }).click();
    await page.getByRole('combobox', { name: 'Topic' }).fill('after the backup');
    await page.getByRole('textbox', { name: 'Message' }).fill('Written after the backup');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.message:not(.outbox-entry)', { hasText: 'Written after' }).waitFor();

    await page.getByRole('button', { name: 'Hosting', exact: true }).click();
    const restore = rows.first().getByRole('button', { name: /^Restore the backup of/ });
    const { confirmations } = window.hearth;
    confirmations.asked.length = 0;
    confirmations.accept = false;
    await restore.click();
    await hostingPanel()
      .getByRole('status')
      .filter({ hasText: 'Cancelled: no backup was restored.' })
      .waitFor();
    expect(confirmations.asked.map(({ message }) => message)).toEqual([
      expect.stringMatching(
        /^Restore the backup of Harbour Office from .+\? What changed since is lost\.$/,
      ),
    ]);
    await window.screenshot('hosting-backups');
    confirmations.accept = true;
    await restore.click();
    await expect
      .poll(() => hostingPanel().locator('.hosting-log').innerText(), { timeout: 30_000 })
      .toMatch(/restored .*hearth-\d{8}-\d{9}\.sqlite3/);
    await expect.poll(() => fact('Status').innerText(), { timeout: 30_000 }).toMatch(/^Running/);
    await expect
      .poll(() => page.locator('.connection-banner.connected').count(), { timeout: 20_000 })
      .toBe(1);
    // The owner writes again after the restore, in a conversation the backup holds.
    await page.getByRole('button', { name: /# general/ }).click();
    await page.getByRole('combobox', { name: 'Topic' }).fill('after the restore');
    await page.getByRole('textbox', { name: 'Message' }).fill('Written after the restore');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .locator('.message:not(.outbox-entry)', { hasText: 'Written after the restore' })
      .waitFor();
    expect(window.pageErrors).toEqual([]);
  });

  it('lets outgoing webhook bots reach private networks only once the owner ticks it, restarting the host', async () => {
    const { page } = window;
    await page.getByRole('button', { name: 'Hosting', exact: true }).click();
    const panel = hostingPanel().getByRole('region', { name: 'Outgoing webhook bots' });
    const allow = panel.getByRole('checkbox', {
      name: 'Let bots post to this computer and private networks',
    });
    expect(await allow.isChecked()).toBe(false);
    expect(await seriousViolationsInBothThemes(page, 'the Hosting page')).toEqual([]);
    await allow.focus();
    await page.keyboard.press('Space');
    // The host restarts with the setting; the page is busy until it serves again.
    await expect
      .poll(
        async () => {
          const hosting = await window.hearth.service.getHosting({});
          return `${hosting.status} ${hosting.botsReachPrivateNetworks}`;
        },
        { timeout: 30_000 },
      )
      .toBe('running true');
    await expect.poll(() => allow.isEnabled(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => fact('Status').innerText(), { timeout: 30_000 }).toMatch(/^Running/);
    expect(await allow.isChecked()).toBe(true);
    await panel.scrollIntoViewIfNeeded();
    await window.screenshot('hosting-bot-networks');
    expect(window.pageErrors).toEqual([]);
  });
});
