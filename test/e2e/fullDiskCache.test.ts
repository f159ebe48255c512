import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { fillDisk, mountSmallDisk, unmountDisk } from '../helpers/diskFaults';
import { joinWithKey, removeProfile, startTestHearth } from '../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 55, point 1: the disk under the app's caches fills up (a small tmpfs
// this test mounts). The window keeps showing what it has and says new
// messages cannot be kept offline; a message it cannot keep to send stays
// in the compose box; once space is freed it catches up by itself.

let org: Org;
let alice: TestUser;
let bob: TestUser;
let window: RendererPage;
let profileDir = '';
let disk = '';

beforeAll(async () => {
  org = await startOrg({ queueTimeouts: { heartbeatMs: 1_000 } });
  alice = await org.user('alice');
  bob = await org.user('bob');
  for (const user of [alice, bob]) await org.subscribe(user, 'kitchen');
  await org.sendStream(bob, 'kitchen', 'lunch', 'Soup of the day is leek');
  profileDir = await mkdtemp(join(tmpdir(), 'hearth-profile-'));
  disk = join(profileDir, 'caches');
  await mkdir(disk);
  mountSmallDisk(disk, 8);
  const hearth = await startTestHearth({ profileDir, secrets: createMemorySecretStore() });
  await joinWithKey(hearth.app, org.url, alice);
  window = await openWindow(hearth, { keepProfile: true });
});

afterAll(async () => {
  await window?.close();
  await org?.close();
  if (disk) unmountDisk(disk);
  if (profileDir) await removeProfile(profileDir);
});

describe("a full disk under the app's caches", () => {
  it('keeps showing what the window has, says so, keeps an unsendable message in the compose box, and catches up once space is freed', async () => {
    const { page } = window;
    await page.getByRole('button', { name: /# kitchen/ }).click();
    await page.locator('.message', { hasText: 'Soup of the day is leek' }).waitFor();
    const filler = join(disk, 'filler');
    fillDisk(filler);

    await org.sendStream(bob, 'kitchen', 'lunch', 'Anyone for lunch at noon?');
    const warning = page.locator('.connection-warning');
    await warning.filter({ hasText: "This computer's disk is full" }).waitFor({ timeout: 20_000 });
    expect(await warning.innerText()).toBe(
      "This computer's disk is full: new messages cannot be kept offline, so they show once there is space again. Free some space to catch up.",
    );
    expect(await page.locator('.message', { hasText: 'Soup of the day is leek' }).count()).toBe(1);

    await page.getByRole('combobox', { name: 'Topic' }).fill('lunch');
    const compose = page.getByRole('textbox', { name: 'Message' });
    await compose.fill('Count me in');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'could not keep this message to send it' })
      .waitFor();
    expect(await compose.inputValue()).toBe('Count me in');
    expect(await page.locator('.outbox-entry').count()).toBe(0);
    await window.screenshot('cache-disk-full');

    await rm(filler);
    await page.locator('.message', { hasText: 'Anyone for lunch at noon?' }).waitFor({
      timeout: 30_000,
    });
    await expect.poll(() => warning.count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.message:not(.outbox-entry)', { hasText: 'Count me in' }).waitFor();
    const onServer = (
      await org.api(bob)('GET', '/messages', {
        anchor: 'newest',
        num_before: 20,
        num_after: 0,
        narrow: [{ operator: 'channel', operand: 'kitchen' }],
        apply_markdown: false,
      })
    ).json as { messages: { content: string }[] };
    expect(onServer.messages.filter((message) => message.content === 'Count me in')).toHaveLength(
      1,
    );
    expect(window.pageErrors).toEqual([]);
  });
});
