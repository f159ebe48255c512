import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKeychain } from '../../src-main/desktop/keychain';
import { startHost, type Host } from '../../src-main/server/host';
import { removeProfile, startTestHearth } from '../helpers/hearth';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 13, point 9 (a) and (b): a person joins a Hearth host from the
// window, loses it, keeps reading, searching and writing, restarts the app,
// and gets everything delivered once when the host comes back.

const password = 'correct horse battery staple';
let dataDir: string;
let host: Host | null = null;
let port = 0;
let profileDir = '';
const keychainService = `Hearth e2e ${randomUUID()}`;

interface Caller {
  email: string;
  apiKey: string;
}
let bob: Caller;

const hostOn = (listenPort: number) =>
  startHost({ dataDir, port: listenPort, queueTimeouts: { heartbeatMs: 1_000 } });

async function api(user: Caller, method: string, path: string, params: Record<string, unknown>) {
  if (!host) throw new Error('the host is down');
  const body = new URLSearchParams(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
  const url = new URL(`${host.url}/api/v1${path}`);
  if (method === 'GET') url.search = body.toString();
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${user.email}:${user.apiKey}`).toString('base64')}`,
    },
    ...(method === 'GET' ? {} : { body }),
  });
  return (await response.json()) as Record<string, unknown>;
}

const say = (content: string, topic = 'lunch') =>
  api(bob, 'POST', '/messages', { type: 'stream', to: 'kitchen', topic, content });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hearth-e2e-offline-'));
  host = await hostOn(0);
  port = Number(new URL(host.url).port);
  const owner = { email: host.owner.email, apiKey: host.owner.apiKey };
  for (const name of ['alice', 'bob']) {
    await api(owner, 'POST', '/users', {
      email: `${name}@hearth.test`,
      full_name: name[0]?.toUpperCase() + name.slice(1),
      password,
    });
  }
  const response = await fetch(`${host.url}/api/v1/fetch_api_key`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'bob@hearth.test', password }),
  });
  bob = {
    email: 'bob@hearth.test',
    apiKey: ((await response.json()) as { api_key: string }).api_key,
  };
  await api(bob, 'POST', '/users/me/subscriptions', {
    subscriptions: [{ name: 'kitchen' }],
    principals: ['alice@hearth.test', 'bob@hearth.test'],
  });
  await say('Soup of the day is leek', 'menu');
  await say('Anyone for lunch at noon?');
});

afterAll(async () => {
  await host?.close();
  await rm(dataDir, { recursive: true, force: true });
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
    await page.getByRole('textbox', { name: 'Server URL' }).fill(host?.url ?? '');
    await window.screenshot('onboarding');
    await page.getByRole('button', { name: 'Check server' }).click();
    await page.getByText('Hearth', { exact: false }).first().waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill('alice@hearth.test');
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
    await host?.close();
    host = null;
    await page.getByRole('status').filter({ hasText: 'Offline since' }).waitFor();
    await page.locator('.message', { hasText: 'Soup of the day is leek' }).waitFor();

    await page.getByRole('searchbox', { name: 'Search' }).fill('leek');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await page.getByText('Searched the cached messages').waitFor();
    await page.locator('.message', { hasText: 'Soup of the day is leek' }).waitFor();
    expect(await page.locator('.message', { hasText: 'Anyone for lunch' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Close search' }).click();

    await page.getByRole('textbox', { name: 'Topic' }).fill('lunch');
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

    host = await hostOn(port);
    await say('Back online, see you at noon');
    await page.locator('.message', { hasText: 'Back online, see you at noon' }).waitFor();
    await page.locator('.message', { hasText: 'written on the train' }).waitFor();
    expect(await page.locator('.outbox-entry').count()).toBe(0);

    const onServer = (
      (await api(bob, 'GET', '/messages', {
        anchor: 'newest',
        num_before: 50,
        num_after: 0,
        narrow: [{ operator: 'stream', operand: 'kitchen' }],
        apply_markdown: false,
      })) as { messages: { id: number; content: string }[] }
    ).messages;
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
