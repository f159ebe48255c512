import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { fillDisk, mountSmallDisk, unmountDisk } from '../helpers/diskFaults';
import { removeProfile, startTestHearth } from '../helpers/hearth';
import { hostHarbourOffice } from '../helpers/hostFromWindow';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 55, point 1: the organization this computer hosts keeps its data on
// a disk that fills up (a small tmpfs this test mounts). The Hosting page
// says so; a message written meanwhile waits in the outbox, and is delivered
// once, by itself, when space is freed.

describe('a hosted organization whose disk fills up', () => {
  let window: RendererPage;
  let profileDir = '';
  let disk = '';
  const hostingPanel = () => window.page.locator('.hosting-view');

  beforeAll(async () => {
    profileDir = await mkdtemp(join(tmpdir(), 'hearth-profile-'));
    disk = join(profileDir, 'organization');
    await mkdir(disk);
    mountSmallDisk(disk, 24);
    const hearth = await startTestHearth({ profileDir, secrets: createMemorySecretStore() });
    window = await openWindow(hearth, {
      viewport: { width: 1100, height: 900 },
      keepProfile: true,
    });
    await hostHarbourOffice(window.page);
  }, 60_000);

  afterAll(async () => {
    await window?.close();
    if (disk) unmountDisk(disk);
    if (profileDir) await removeProfile(profileDir);
  });

  it('says the disk is full, keeps a message in the outbox, and delivers it once space is freed', async () => {
    const { page } = window;
    await page.getByRole('button', { name: /# general/ }).click();
    await page.getByRole('combobox', { name: 'Topic' }).fill('stock');
    const filler = join(disk, 'filler');
    fillDisk(filler);

    // The database's write-ahead log holds some room of its own: sends go on until it is spent.
    const line = 'Crates of oranges counted on the quay. '.repeat(200);
    let waiting = null;
    for (let i = 0; i < 100 && waiting === null; i += 1) {
      await page.getByRole('textbox', { name: 'Message' }).fill(`Tally ${i}: ${line}`);
      await page.getByRole('button', { name: 'Send' }).click();
      // Delivered, the message shows as the server's; refused for the full disk, it waits in the outbox.
      const shown = page.locator('.message:not(.outbox-entry)', { hasText: `Tally ${i}:` });
      const delivered = await shown.waitFor({ timeout: 5000 }).then(
        () => true,
        () => false,
      );
      if (!delivered) waiting = i;
    }
    expect(waiting).not.toBeNull();

    await page.getByRole('button', { name: 'Hosting', exact: true }).click();
    const full = hostingPanel().getByRole('alert').filter({ hasText: 'is full' });
    await full.waitFor({ timeout: 20_000 });
    expect(await full.innerText()).toMatch(
      /^The disk holding the organization's data is full\. Hearth refuses every change/,
    );
    expect(await hostingPanel().locator('.hosting-log').innerText()).toMatch(
      /the disk holding .* is full: every change is refused until space is freed/,
    );
    await window.screenshot('hosting-disk-full');

    await rm(filler);
    await page.getByRole('button', { name: /# general/ }).click();
    const delivered = page.locator('.message:not(.outbox-entry)', {
      hasText: `Tally ${waiting}:`,
    });
    await delivered.waitFor({ timeout: 30_000 });
    expect(await delivered.count()).toBe(1);
    expect(await page.locator('.outbox-entry').count()).toBe(0);
    await page.getByRole('button', { name: 'Hosting', exact: true }).click();
    await expect.poll(() => full.count(), { timeout: 10_000 }).toBe(0);
    expect(window.pageErrors).toEqual([]);
  });
});
