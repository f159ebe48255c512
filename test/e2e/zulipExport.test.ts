import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { startTestHearth } from '../helpers/hearth';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// The Hosting page writes the organization this computer hosts in the files
// Zulip's import reads, for the Zulip release the person picks, while the
// host goes on serving.

const ownerEmail = 'hana@harbour.example';
const ownerPassword = 'tides and ferries';

const realmFile = z.looseObject({
  zerver_userprofile: z.array(z.unknown()),
  zerver_stream: z.array(z.unknown()),
  zerver_huddle: z.array(z.looseObject({ id: z.number() })),
});
const messageFile = z.looseObject({
  zerver_message: z.array(z.looseObject({ content: z.string() })),
});
const readJson = async <T>(schema: z.ZodType<T>, path: string) =>
  schema.parse(JSON.parse(await readFile(path, 'utf8')));

describe('exporting the hosted organization for Zulip', () => {
  let window: RendererPage;

  const exportPanel = () =>
    window.page.locator('.hosting-view').getByRole('region', { name: 'Move to a Zulip server' });

  /** Calls the host's API as its owner, as any Zulip client would. */
  async function asOwner(path: string, params: Record<string, string>): Promise<unknown> {
    const state = await window.hearth.service.getAppState({});
    const serverUrl = state.accounts.find((account) => account.hosted)?.serverUrl ?? '';
    const post = (endpoint: string, body: Record<string, string>, authorization?: string) =>
      fetch(new URL(`/api/v1/${endpoint}`, serverUrl), {
        method: 'POST',
        headers: authorization ? { authorization } : {},
        body: new URLSearchParams(body),
      }).then(async (response) => {
        const json: unknown = await response.json();
        if (response.status !== 200) throw new Error(`${endpoint}: ${JSON.stringify(json)}`);
        return json;
      });
    const { api_key: apiKey } = z
      .object({ api_key: z.string() })
      .parse(await post('fetch_api_key', { username: ownerEmail, password: ownerPassword }));
    const basic = `Basic ${Buffer.from(`${ownerEmail}:${apiKey}`).toString('base64')}`;
    return post(path, params, basic);
  }

  const createPerson = async (email: string, fullName: string) =>
    z
      .object({ user_id: z.number() })
      .parse(await asOwner('users', { email, full_name: fullName, password: 'a long secret' }))
      .user_id;

  beforeAll(async () => {
    window = await openWindow(await startTestHearth({ secrets: createMemorySecretStore() }), {
      viewport: { width: 1100, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const { page } = window;
    await page.getByRole('textbox', { name: 'Organization name' }).fill('Harbour Office');
    await page.getByRole('textbox', { name: 'Your name' }).fill('Hana Harbour');
    await page.getByRole('textbox', { name: 'Email' }).fill(ownerEmail);
    await page.getByLabel('Password').fill(ownerPassword);
    await page.getByRole('button', { name: 'Host a new organization' }).click();
    await page.getByRole('button', { name: /# general/ }).waitFor();

    const ines = await createPerson('ines@harbour.example', 'Ines Pier');
    // An intranet address Hearth takes and Zulip's importer does not.
    const jonas = await createPerson('jonas@intranet', 'Jonas Quay');
    await asOwner('messages', {
      type: 'direct',
      to: JSON.stringify([ines, jonas]),
      content: 'Ferry timetable for the three of us',
    });
  });

  afterAll(async () => {
    await window?.close();
  });

  it('writes the organization for the Zulip version chosen, and shows what and where', async () => {
    const { page } = window;
    await page.getByRole('button', { name: 'Hosting', exact: true }).click();
    const panel = exportPanel();
    const version = panel.getByRole('combobox', { name: 'Zulip version of the new server' });
    // The page fills the choice once it has loaded, which a busy machine may show first without.
    await expect
      .poll(() => version.locator('option').allInnerTexts())
      .toEqual(['12', '11', '10', '9']);
    expect(await version.inputValue()).toBe('12');
    await version.selectOption('10');
    await panel.getByRole('button', { name: 'Export for Zulip' }).click();

    const folder = panel.getByRole('textbox', { name: 'Folder' });
    await folder.waitFor({ timeout: 30_000 });
    const outDir = await folder.inputValue();
    const exportsDir = join(window.hearth.profileDir, 'organization', 'exports');
    expect(outDir).toMatch(/zulip-export-\d{8}T\d{6}Z$/);
    expect(await readdir(exportsDir)).toEqual([outDir.slice(exportsDir.length + 1)]);
    // Main asked the person itself, in its own dialog, before writing anything.
    expect(window.hearth.confirmations.asked.map(({ message }) => message)).toEqual([
      `Export Harbour Office for Zulip 10 to a new folder in ${exportsDir}?`,
    ]);

    const realm = await readJson(realmFile, join(outDir, 'realm.json'));
    const messages = await readJson(messageFile, join(outDir, 'messages-000001.json'));
    // group_size is a column Zulip's DirectMessageGroup has from 10.0 on.
    expect(realm.zerver_huddle).toHaveLength(1);
    expect(realm.zerver_huddle[0]?.group_size).toBe(3);
    expect(messages.zerver_message.map((row) => row.content)).toContain(
      'Ferry timetable for the three of us',
    );
    const users = realm.zerver_userprofile.length;
    const streams = realm.zerver_stream.length;
    const sent = messages.zerver_message.length;
    expect(users).toBeGreaterThanOrEqual(3);
    expect(
      await panel
        .getByRole('status')
        .filter({ hasText: /^Wrote/ })
        .innerText(),
    ).toBe(
      `Wrote ${users} users, ${streams} channel${streams === 1 ? '' : 's'}, ${sent} message${sent === 1 ? '' : 's'} and 0 files for Zulip 10.`,
    );
    expect(await panel.innerText()).toContain('people set a new one with “Forgot password”');
    const warning = panel.locator('.export-warning');
    expect(await warning.innerText()).toContain(
      'Zulip’s import stops at these emails: before importing, change each in the export’s realm.json',
    );
    expect(await warning.getByRole('listitem').allInnerTexts()).toEqual(['jonas@intranet']);

    await panel.getByRole('button', { name: 'Copy' }).click();
    await panel.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(outDir);
    await window.screenshot('hosting-zulip-export');
    expect(window.pageErrors).toEqual([]);
  });

  it('is not offered while the host is stopped', async () => {
    const { page } = window;
    const panel = exportPanel();
    await page.getByRole('button', { name: 'Stop…' }).click();
    await page.getByRole('button', { name: 'Stop hosting' }).click();
    // The button is disabled as soon as the stop is asked for; the host is
    // stopped a moment later, and only then does main refuse the export itself.
    await expect
      .poll(async () => (await window.hearth.service.getAppState({})).hosting, { timeout: 15_000 })
      .toBe('stopped');
    expect(await panel.getByRole('button', { name: 'Export for Zulip' }).isDisabled()).toBe(true);
    await expect(window.hearth.service.exportForZulip({ zulipVersion: 11 })).rejects.toThrow(
      'Start the host to export.',
    );
  });
});
