import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { startTestHearth } from '../helpers/hearth';
import { startOrg, testPassword, type Org, type TestUser } from '../helpers/org';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 57, point 6, in the window: an administrator's file offers its
// organizations on the join screen to everyone on the computer, and a bad
// file is told without keeping anyone from joining.

let org: Org;
let alice: TestUser;
let dir: string;
let window: RendererPage | undefined;

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  dir = await mkdtemp(join(tmpdir(), 'hearth-system-config-'));
});

afterEach(async () => {
  await window?.close();
  window = undefined;
});

afterAll(async () => {
  await org?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A first start of the app on a computer whose administrator's file holds `config`. */
async function startWith(config: string): Promise<RendererPage> {
  const systemConfigFile = join(dir, 'config.json');
  await writeFile(systemConfigFile, config);
  window = await openWindow(
    await startTestHearth({ secrets: createMemorySecretStore(), systemConfigFile }),
    { imageOrigins: [org.url] },
  );
  return window;
}

async function signIn(page: RendererPage['page']): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(alice.email);
  await page.getByLabel('Password', { exact: true }).fill(testPassword);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('heading', { name: 'Channels', exact: true })
    .waitFor();
}

describe("the administrator's organizations", () => {
  it('are offered at start, join through a click, and are not offered once joined', async () => {
    const { page, screenshot } = await startWith(
      JSON.stringify({ presetOrganizations: [`${org.url}/`], autoUpdate: false }),
    );
    const host = new URL(org.url).host;
    const offered = page.getByRole('region', { name: 'From your administrator' });
    await offered.waitFor();
    await expect(offered.locator('li').allInnerTexts()).resolves.toEqual([
      expect.stringContaining(org.url),
    ]);
    // Nothing there takes it away: the only thing to do with it is to use it.
    await expect(offered.getByRole('button').allTextContents()).resolves.toEqual([`Use ${host}`]);
    expect(await page.getByRole('alert').count()).toBe(0);
    await screenshot('system-config-offered');

    await offered.getByRole('button', { name: `Use ${host}` }).click();
    await page.getByRole('button', { name: 'Join', exact: true }).waitFor();
    await expect(page.getByRole('textbox', { name: 'Server URL' }).inputValue()).resolves.toBe(
      org.url,
    );
    expect(await offered.count()).toBe(0);
    await signIn(page);

    await page.getByRole('button', { name: 'Add an organization' }).click();
    await page.getByRole('button', { name: 'Check server' }).waitFor();
    expect(await page.getByRole('region', { name: 'From your administrator' }).count()).toBe(0);
  });

  it('are told of when the file is bad, and joining works as without it', async () => {
    const { page, screenshot } = await startWith(
      JSON.stringify({ presetOrganizations: [org.url, 'ftp://files.example.com'] }),
    );
    const notice = page.getByRole('alert');
    await expect(notice.locator('p').innerText()).resolves.toBe(
      `The administrator's settings in ${join(dir, 'config.json')} were not used: ` +
        '“ftp://files.example.com” in presetOrganizations is not a server address, ' +
        'such as https://chat.example.com.',
    );
    expect(await page.getByRole('region', { name: 'From your administrator' }).count()).toBe(0);
    await screenshot('system-config-bad-file');

    await page.getByRole('textbox', { name: 'Server URL' }).fill(org.url);
    await page.getByRole('button', { name: 'Check server' }).click();
    await page.getByRole('button', { name: 'Join', exact: true }).waitFor();
    await signIn(page);
    // Still told in the app, until the person has read it.
    await expect(notice.locator('p').innerText()).resolves.toContain('were not used');
    await screenshot('system-config-bad-file-joined');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
