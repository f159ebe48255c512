import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { damagePageOf } from '../helpers/diskFaults';
import { joinWithKey, removeProfile, startTestHearth } from '../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 55, point 2: the app finds an account's offline copy damaged when it
// starts, tells the person, fetches the history again, and still sends the
// message that was waiting in it, once.

let org: Org;
let alice: TestUser;
let bob: TestUser;
let profileDir = '';
const secrets = createMemorySecretStore();

beforeAll(async () => {
  org = await startOrg({ queueTimeouts: { heartbeatMs: 1_000 } });
  alice = await org.user('alice');
  bob = await org.user('bob');
  for (const user of [alice, bob]) await org.subscribe(user, 'kitchen');
  for (let i = 0; i < 12; i += 1) {
    await org.sendStream(bob, 'kitchen', 'lunch', `Menu item ${i}: soup, bread and cheese`);
  }
});

afterAll(async () => {
  await org?.close();
  if (profileDir) await removeProfile(profileDir);
});

async function openApp(): Promise<RendererPage> {
  const hearth = await startTestHearth({ ...(profileDir ? { profileDir } : {}), secrets });
  if (!profileDir) await joinWithKey(hearth.app, org.url, alice);
  profileDir = hearth.profileDir;
  return openWindow(hearth, { keepProfile: true });
}

/** The account's cache file, its page of messages written over as a failing disk sector would. */
async function damageCache(): Promise<void> {
  const caches = join(profileDir, 'caches');
  const [name] = (await readdir(caches)).filter((file) => file.endsWith('.sqlite3'));
  if (!name) throw new Error('the account has no cache');
  damagePageOf(join(caches, name), 'messages');
}

describe('an offline copy damaged on disk', () => {
  it('is set aside and fetched again, the person is told, and the message waiting in it is sent once', async () => {
    let window = await openApp();
    let { page } = window;
    await page.getByRole('button', { name: /# kitchen/ }).click();
    await page.locator('.message', { hasText: 'Menu item 5:' }).waitFor();

    await org.stop();
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
    await page.getByRole('combobox', { name: 'Topic' }).fill('lunch');
    await page.getByRole('textbox', { name: 'Message' }).fill('Saved from a bad disk sector');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .locator('.outbox-entry', { hasText: 'Saved from a bad disk sector' })
      .getByText('Will be sent when online')
      .waitFor();
    await window.close();

    await damageCache();
    await org.start();
    window = await openApp();
    page = window.page;
    const notice = page.locator('.storage-notice');
    await notice
      .getByText(/offline copy of .* was damaged\. Hearth kept it as .*\.malformed-/)
      .waitFor();
    await notice
      .getByText('1 message waiting to be sent was saved from it and will be sent.')
      .waitFor();
    await page.getByRole('button', { name: /# kitchen/ }).click();
    await page.locator('.message', { hasText: 'Menu item 5:' }).waitFor();
    await page.locator('.message', { hasText: 'Saved from a bad disk sector' }).waitFor();
    await window.screenshot('damaged-cache-notice');

    const onServer = (
      await org.api(bob)('GET', '/messages', {
        anchor: 'newest',
        num_before: 100,
        num_after: 0,
        narrow: [{ operator: 'channel', operand: 'kitchen' }],
        apply_markdown: false,
      })
    ).json as { messages: { content: string }[] };
    expect(
      onServer.messages.filter((message) => message.content === 'Saved from a bad disk sector'),
    ).toHaveLength(1);

    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    const kept = await readdir(join(profileDir, 'caches'));
    expect(kept.some((file) => file.includes('.malformed-'))).toBe(true);
    expect(window.pageErrors).toEqual([]);
    await window.close();
  });
});
