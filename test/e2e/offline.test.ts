import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKeychain } from '../../src-main/desktop/keychain';
import { removeProfile, startTestHearth } from '../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 13, point 9 (a) and (b): a person joins a Hearth host from the
// window, loses it, keeps reading, searching and writing, restarts the app,
// and gets everything delivered once when the host comes back.

const password = 'correct horse battery staple';
let org: Org;
let alice: TestUser;
let bob: TestUser;
let profileDir = '';
const keychainService = `Hearth e2e ${randomUUID()}`;

const say = (content: string, topic = 'lunch') =>
  org.api(bob)('POST', '/messages', { type: 'stream', to: 'kitchen', topic, content });

beforeAll(async () => {
  // Frequent heartbeats end each long-poll soon, so a lost host shows within a second.
  org = await startOrg({ queueTimeouts: { heartbeatMs: 1_000 } });
  alice = await org.user('alice');
  bob = await org.user('bob');
  for (const user of [alice, bob]) await org.subscribe(user, 'kitchen');
  await say('Soup of the day is leek', 'menu');
  await say('Anyone for lunch at noon?');
});

afterAll(async () => {
  await org?.close();
  if (profileDir) await removeProfile(profileDir);
});

async function openApp(): Promise<RendererPage> {
  const hearth = await startTestHearth({
    ...(profileDir ? { profileDir } : {}),
    secrets: await openKeychain({ service: keychainService }),
  });
  profileDir = hearth.profileDir;
  return openWindow(hearth, { keepProfile: true });
}

describe('joining a server, losing it, and getting it back', () => {
  let window: RendererPage;

  it('(a) joins a Hearth host from the first-run window with an email and password', async () => {
    window = await openApp();
    const { page } = window;
    await page.getByRole('textbox', { name: 'Server URL' }).fill(org.url);
    await window.screenshot('onboarding');
    await page.getByRole('button', { name: 'Check server' }).click();
    // The sign-in fields appear once the server has answered the probe.
    await page.getByRole('button', { name: 'Join' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(alice.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Join' }).click();

    await page.getByRole('button', { name: /# kitchen/ }).click();
    await page.locator('.message', { hasText: 'Anyone for lunch at noon?' }).waitFor();
    await page.locator('.message', { hasText: 'Soup of the day is leek' }).waitFor();
    expect(await page.getByRole('button', { name: /# general/ }).count()).toBe(1);
    expect(window.pageErrors).toEqual([]);
  });

  it('(b) reads, searches and writes offline, keeps it all across a restart, and delivers once when the host returns', async () => {
    let { page } = window;
    await org.stop();
    await page.getByRole('status').filter({ hasText: 'Offline since' }).waitFor();
    await page.locator('.message', { hasText: 'Soup of the day is leek' }).waitFor();

    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('leek');
    await page.getByRole('searchbox', { name: 'Search', exact: true }).press('Enter');
    await page.getByText('Searched the cached messages').waitFor();
    await page.locator('.message', { hasText: 'Soup of the day is leek' }).waitFor();
    // The cache's results are highlighted by the window, as the server's are.
    expect(await page.locator('.message-content .highlight').allInnerTexts()).toEqual(['leek']);
    expect(await page.locator('.message', { hasText: 'Anyone for lunch' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Close search' }).click();
    await expect(
      page.getByRole('searchbox', { name: 'Search', exact: true }).inputValue(),
    ).resolves.toBe('');

    await page.getByRole('combobox', { name: 'Topic' }).fill('lunch');
    await page.getByRole('textbox', { name: 'Message' }).fill('Count me in, written on the train');
    await page.getByRole('button', { name: 'Send' }).click();
    const pending = page.locator('.outbox-entry', { hasText: 'written on the train' });
    await pending.getByText('Will be sent when online').waitFor();
    await window.screenshot('offline');

    // The app quits and starts again while the host is still down.
    await window.close();
    window = await openApp();
    page = window.page;
    await page.getByRole('button', { name: /# kitchen/ }).click();
    await page.locator('.message', { hasText: 'Anyone for lunch at noon?' }).waitFor();
    await page
      .locator('.outbox-entry', { hasText: 'written on the train' })
      .getByText('Will be sent when online')
      .waitFor();
    // It says how old what it shows is, from the last sync of the run before.
    await page
      .getByRole('status')
      .filter({ hasText: /Offline since[\s\S]*last synced/ })
      .waitFor();
    await window.screenshot('offline-after-restart');

    await org.start();
    await say('Back online, see you at noon');
    await page.locator('.message', { hasText: 'Back online, see you at noon' }).waitFor();
    await page.locator('.message', { hasText: 'written on the train' }).waitFor();
    expect(await page.locator('.outbox-entry').count()).toBe(0);

    const onServer = (
      await org.api(bob)('GET', '/messages', {
        anchor: 'newest',
        num_before: 50,
        num_after: 0,
        narrow: [{ operator: 'stream', operand: 'kitchen' }],
        apply_markdown: false,
      })
    ).json.messages as { id: number; content: string }[];
    expect(
      onServer.filter((message) => message.content.includes('written on the train')),
    ).toHaveLength(1);
    const shown = await page
      .locator('.message')
      .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-message-id'))));
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(shown).toEqual(onServer.map((message) => message.id));
    expect(window.pageErrors).toEqual([]);
    await window.close();
  });
});
