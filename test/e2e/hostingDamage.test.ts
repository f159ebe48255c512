import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { damagePageOf } from '../helpers/diskFaults';
import { startTestHearth } from '../helpers/hearth';
import { hostHarbourOffice } from '../helpers/hostFromWindow';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 55, point 2: the organization this computer hosts, its database
// damaged on disk while the host was stopped. The Hosting page says so,
// names the backup to restore and how, and its Restore button brings the
// organization back.

describe('a hosted organization whose database is damaged', () => {
  let window: RendererPage;
  const hostingPanel = () => window.page.locator('.hosting-view');
  const status = () =>
    hostingPanel()
      .locator('.hosting-facts dt', { hasText: 'Status' })
      .locator('xpath=following-sibling::dd[1]');

  beforeAll(async () => {
    window = await openWindow(await startTestHearth({ secrets: createMemorySecretStore() }), {
      viewport: { width: 1100, height: 900 },
    });
    await hostHarbourOffice(window.page);
  }, 60_000);

  afterAll(async () => {
    await window?.close();
  });

  it('is not served; the page names the backup and the command, and Restore brings it back', async () => {
    const { page } = window;
    await page.getByRole('button', { name: 'Hosting', exact: true }).click();
    const backups = hostingPanel().getByRole('region', { name: 'Backups' });
    const rows = backups.locator('table.backups tbody tr');
    await backups.getByRole('button', { name: 'Back up now' }).click();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);

    await hostingPanel().getByRole('button', { name: 'Stop…' }).click();
    await hostingPanel().getByRole('button', { name: 'Stop hosting' }).click();
    await expect.poll(() => status().innerText(), { timeout: 15_000 }).toBe('Stopped');
    // An index of messages, written over as a failing disk sector would.
    damagePageOf(
      join(window.hearth.profileDir, 'organization', 'hearth.sqlite3'),
      'messages_by_topic',
    );

    await hostingPanel().getByRole('button', { name: 'Start hosting' }).click();
    const damage = hostingPanel().locator('.hosting-damage');
    await damage.waitFor({ timeout: 30_000 });
    expect(await damage.innerText()).toMatch(
      /^The organization's database is damaged\. Hearth stopped serving it/,
    );
    const detail = await damage.locator('.hosting-damage-detail').innerText();
    expect(detail).toMatch(
      /The newest backup that passes SQLite's integrity check is hearth-\d{8}-\d{9}\.sqlite3/,
    );
    expect(detail).toMatch(
      /npm run serve -- --data-dir \S+ --restore \S+hearth-\d{8}-\d{9}\.sqlite3/,
    );
    expect(detail).toContain('Hosting › Backups › Restore');
    expect(await status().innerText()).toBe('Stopped');
    expect((await window.hearth.service.getAppState({})).hosting).toBe('stopped');
    await window.screenshot('hosting-damaged-database');

    window.hearth.confirmations.accept = true;
    await rows
      .first()
      .getByRole('button', { name: /^Restore the backup of/ })
      .click();
    await expect.poll(() => status().innerText(), { timeout: 30_000 }).toMatch(/^Running/);
    expect(await damage.count()).toBe(0);
    await expect
      .poll(() => page.locator('.connection-banner.connected').count(), { timeout: 20_000 })
      .toBe(1);
    await page.getByRole('button', { name: /# general/ }).click();
    await page.getByRole('combobox', { name: 'Topic' }).fill('after the restore');
    await page.getByRole('textbox', { name: 'Message' }).fill('Back from the backup');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .locator('.message:not(.outbox-entry)', { hasText: 'Back from the backup' })
      .waitFor();
    expect(window.pageErrors).toEqual([]);
  });
});
