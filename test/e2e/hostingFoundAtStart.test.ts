import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { backupsDirOf } from '../../src-main/server/backups/backupFiles';
import { startTestHearth } from '../helpers/hearth';
import { hostHarbourOffice } from '../helpers/hostFromWindow';
import { runOperation } from '../helpers/killedOperation';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 55, point 5: the host of this computer's organization killed in
// the middle of a backup, and of a restore. The next start finishes the
// restore and removes the partial backup, and the Hosting page says so, in
// words and with the files' names, for an owner who never reads the log.

describe('a hosted organization started after kills during a backup and a restore', () => {
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

  it('finishes the restore, removes the partial backup, and the page names both until dismissed', async () => {
    const { page } = window;
    await page.getByRole('button', { name: 'Hosting', exact: true }).click();
    const backups = hostingPanel().getByRole('region', { name: 'Backups' });
    await backups.getByRole('button', { name: 'Back up now' }).click();
    const rows = backups.locator('table.backups tbody tr');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    await hostingPanel().getByRole('button', { name: 'Stop…' }).click();
    await hostingPanel().getByRole('button', { name: 'Stop hosting' }).click();
    await expect.poll(() => status().innerText(), { timeout: 15_000 }).toBe('Stopped');

    const dataDir = join(window.hearth.profileDir, 'organization');
    const [kept] = readdirSync(backupsDirOf(dataDir));
    // A second backup, killed while SQLite copied its second pages.
    const backup = runOperation('backup', dataDir, 1);
    expect(backup.signal, backup.stderr).toBe('SIGKILL');
    const partial = readdirSync(backupsDirOf(dataDir)).filter((name) => name !== kept);
    expect(partial.some((name) => name.endsWith('.partial'))).toBe(true);
    // A restore of the first, killed before its last write: the backup is in
    // place, and only the marker saying so is left (a copy counts the writes).
    const copy = mkdtempSync(join(tmpdir(), 'hearth-restore-count-'));
    cpSync(dataDir, copy, { recursive: true });
    const whole = runOperation('restore', copy);
    rmSync(copy, { recursive: true, force: true });
    expect(whole.status, whole.stderr).toBe(0);
    const restore = runOperation('restore', dataDir, Number(whole.stdout) - 1);
    expect(restore.signal, restore.stderr).toBe('SIGKILL');
    expect(existsSync(join(dataDir, 'hearth.sqlite3.restoring.json'))).toBe(true);

    await hostingPanel().getByRole('button', { name: 'Start hosting' }).click();
    await expect.poll(() => status().innerText(), { timeout: 30_000 }).toMatch(/^Running/);
    const notice = hostingPanel().locator('.hosting-found');
    await notice.waitFor({ timeout: 10_000 });
    const said = await notice.locator('li').allInnerTexts();
    expect(await notice.locator('p').innerText()).toBe(
      "Hearth was stopped in the middle of some work on this organization's data. When hosting started again, nothing was left half-done:",
    );
    expect(said).toHaveLength(2);
    expect(said[0]).toMatch(
      new RegExp(
        `^Restoring the backup ${kept?.replaceAll('.', '\\.')} was interrupted after the backup had replaced the database\\. The restore is now complete\\. The database it replaced is saved as \\S+/organization/hearth\\.sqlite3\\.replaced-\\d+\\.$`,
      ),
    );
    expect(said[1]).toMatch(
      /^An interrupted backup was incomplete and has been deleted: hearth-\d{8}-\d{9}\.sqlite3\. Your other backups are unchanged\.$/,
    );
    expect(readdirSync(backupsDirOf(dataDir))).toEqual([kept]);
    // The host's log says it too, as before.
    const log = await hostingPanel().locator('.hosting-log').innerText();
    expect(log).toContain('a restore was cut short; it is finished now');
    expect(log).toMatch(/removed \.hearth-\d{8}-\d{9}\.sqlite3\.partial, a backup cut short/);
    await window.screenshot('hosting-found-at-start');

    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(0);
    expect((await window.hearth.service.getHosting({})).foundAtStart).toEqual([]);
    expect(window.pageErrors).toEqual([]);
  });
});
