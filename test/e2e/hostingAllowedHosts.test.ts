import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { removeProfile, startTestHearth } from '../helpers/hearth';
import { requestNamed } from '../helpers/hostHeader';
import { hostHarbourOffice } from '../helpers/hostFromWindow';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 56, point 8: `--allowed-host` in the window. The owner of a host
// behind a reverse proxy, or named in the office's DNS, adds that name on
// the Hosting page; the host answers to it from then on, across restarts,
// and still refuses every name it was not given.

describe('the names the hosted organization answers to', () => {
  const secrets = createMemorySecretStore();
  let profileDir = '';
  let window: RendererPage;
  const hostingPanel = () => window.page.locator('.hosting-view');
  const namesPanel = () =>
    hostingPanel().getByRole('region', { name: 'Names this host answers to' });
  const status = () =>
    hostingPanel()
      .locator('.hosting-facts dt', { hasText: 'Status' })
      .locator('xpath=following-sibling::dd[1]');

  /** The status of a request naming the host `name`, sent to its loopback address. */
  async function statusNamed(name: string): Promise<number> {
    const state = await window.hearth.service.getAppState({});
    const serverUrl = state.accounts.find((account) => account.hosted)?.serverUrl ?? '';
    const host = `${name}:${new URL(serverUrl).port}`;
    return (await requestNamed(serverUrl, { host, path: '/api/v1/server_settings' })).status;
  }

  async function openHosting(): Promise<void> {
    await window.page.getByRole('button', { name: 'Hosting', exact: true }).click();
    await expect.poll(() => status().innerText(), { timeout: 30_000 }).toMatch(/^Running/);
  }

  async function restart(): Promise<void> {
    await window.close();
    window = await openWindow(await startTestHearth({ profileDir, secrets }), {
      viewport: { width: 1100, height: 900 },
      keepProfile: true,
    });
    await window.page.getByRole('button', { name: /# general/ }).waitFor({ timeout: 30_000 });
  }

  beforeAll(async () => {
    profileDir = await mkdtemp(join(tmpdir(), 'hearth-profile-'));
    window = await openWindow(await startTestHearth({ profileDir, secrets }), {
      viewport: { width: 1100, height: 900 },
      keepProfile: true,
    });
    await hostHarbourOffice(window.page);
  }, 60_000);

  afterAll(async () => {
    await window?.close();
    if (profileDir) await removeProfile(profileDir);
  });

  it('adds a name, which the host then answers to, and refuses what is no name', async () => {
    await openHosting();
    const panel = namesPanel();
    expect(await panel.getByText('No other name yet.').count()).toBe(1);
    expect(await statusNamed('chat.harbour.example')).toBe(400);

    const field = panel.getByRole('textbox', { name: 'Name or address' });
    await field.fill('https://chat.harbour.example/');
    await panel.getByRole('button', { name: 'Add name' }).click();
    const refusal =
      '“https://chat.harbour.example/” is not a host name or address. Give a name such as chat.example.com, or an address such as 192.0.2.10.';
    await panel.getByText(refusal).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill('Chat.Harbour.Example');
    await panel.getByRole('button', { name: 'Add name' }).click();
    await panel.locator('.allowed-hosts code', { hasText: 'chat.harbour.example' }).waitFor();
    // The host restarts to take the name, which takes a while on a busy machine.
    await expect.poll(() => status().innerText(), { timeout: 30_000 }).toMatch(/^Running/);
    expect(await field.inputValue()).toBe('');
    expect(await panel.getByText(refusal).count()).toBe(0);
    expect(await statusNamed('chat.harbour.example')).toBe(200);
    expect(await statusNamed('elsewhere.example')).toBe(400);
    expect(await seriousViolationsInBothThemes(window.page, 'the Hosting page’s names')).toEqual(
      [],
    );
    await panel.scrollIntoViewIfNeeded();
    await window.screenshot('hosting-allowed-hosts');
    expect(window.pageErrors).toEqual([]);
  });

  it('keeps the name across a restart of the app, and removes it for good', async () => {
    await restart();
    await openHosting();
    const panel = namesPanel();
    expect(await panel.locator('.allowed-hosts code').allInnerTexts()).toEqual([
      'chat.harbour.example',
    ]);
    expect(await statusNamed('chat.harbour.example')).toBe(200);

    await panel.getByRole('button', { name: 'Remove chat.harbour.example' }).click();
    await panel.getByText('No other name yet.').waitFor({ timeout: 30_000 });
    await expect.poll(() => status().innerText(), { timeout: 30_000 }).toMatch(/^Running/);
    expect(await statusNamed('chat.harbour.example')).toBe(400);

    await restart();
    await openHosting();
    expect(await namesPanel().getByText('No other name yet.').count()).toBe(1);
    expect(await statusNamed('chat.harbour.example')).toBe(400);
    expect(window.pageErrors).toEqual([]);
  });
});
