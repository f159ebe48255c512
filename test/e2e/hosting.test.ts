import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { startTestHearth } from '../helpers/hearth';
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
    const { page } = window;
    await page.getByRole('textbox', { name: 'Organization name' }).fill('Harbour Office');
    await page.getByRole('textbox', { name: 'Your name' }).fill('Hana Harbour');
    await page.getByRole('textbox', { name: 'Email' }).fill('hana@harbour.example');
    await page.getByLabel('Password').fill('tides and ferries');
    await page.getByRole('button', { name: 'Host a new organization' }).click();
    await page.getByRole('button', { name: /# general/ }).waitFor();
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
    expect(await fact('Database').innerText()).toMatch(/^\d+(\.\d)? (KB|MB)$/);
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
});
