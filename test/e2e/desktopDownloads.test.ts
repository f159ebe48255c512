import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 57, points 2 and 3, in the window: Settings › Desktop chooses the
// folder files from messages are saved to (through main's folder dialog) or
// to be asked each time (main's save dialog), and the spell-checker's
// languages among those the desktop offers (the harness offers a fixed few,
// on a system in American English).

describe('Settings › Desktop: saved files and spelling languages', () => {
  let org: Org;
  let alice: TestUser;
  let ui: RendererPage;
  let page: Page;
  let chosen: string;

  const settings = async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Desktop' }).click();
  };
  const conversation = async () => {
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: '# harbour' })
      .click();
  };
  const saveFromMessage = () =>
    page.getByRole('list', { name: 'Messages' }).getByRole('link', { name: 'rota.txt' }).click();
  const notice = () => page.locator('.action-notice');

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'harbour');
    ui = await openRendererPage(org, alice, { viewport: { width: 1100, height: 900 } });
    page = ui.page;
    const accountId = ui.hearth.app.appState().accounts[0]?.id ?? '';
    const { url } = await ui.hearth.service.uploadFile({
      accountId,
      uploadId: 'rota',
      name: 'rota.txt',
      type: 'text/plain',
      data: Buffer.from('Mon: Ana, Tue: Ben').toString('base64'),
    });
    await org.sendStream(alice, 'harbour', 'duties', `The rota: [rota.txt](${url})`);
    chosen = await mkdtemp(join(tmpdir(), 'hearth-chosen-'));
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
    if (chosen) await rm(chosen, { recursive: true, force: true });
  });

  it('saves files into the folder picked with Change…, shown as its path', async () => {
    await settings();
    const saving = page.getByRole('region', { name: 'Saved files' });
    await saving.getByText('your Downloads folder').waitFor();
    ui.hearth.pickers.answers.push(chosen);

    await saving.getByRole('button', { name: 'Change…' }).click();

    await saving.getByText(chosen, { exact: true }).waitFor();
    expect(ui.hearth.pickers.shown).toEqual([
      { dialog: 'folder', at: join(ui.hearth.profileDir, 'downloads') },
    ]);
    expect(await saving.getByRole('button', { name: 'Use the Downloads folder' }).isVisible()).toBe(
      true,
    );
    await ui.screenshot('settings-desktop-saving');

    await conversation();
    await saveFromMessage();
    await expect
      .poll(() => notice().innerText())
      .toBe(`Saved rota.txt to ${join(chosen, 'rota.txt')}`);
    expect(await readFile(join(chosen, 'rota.txt'), 'utf8')).toBe('Mon: Ana, Tue: Ben');
  });

  it('asks where to save each file when told to, and saves nothing when the dialog is cancelled', async () => {
    await settings();
    await page.getByRole('checkbox', { name: 'Ask where to save each file' }).check();
    await expect.poll(() => ui.hearth.app.appState().preferences.askWhereToSave).toBe(true);
    await conversation();
    ui.hearth.pickers.answers.push(join(chosen, 'May rota.txt'));

    await saveFromMessage();
    await expect
      .poll(() => notice().innerText())
      .toBe(`Saved May rota.txt to ${join(chosen, 'May rota.txt')}`);
    expect(ui.hearth.pickers.shown.at(-1)).toEqual({
      dialog: 'saveAs',
      at: join(chosen, 'rota.txt'),
    });

    const before = (await readdir(chosen)).sort();
    await saveFromMessage();
    await expect.poll(() => ui.hearth.pickers.shown.length).toBe(3);
    expect((await readdir(chosen)).sort()).toEqual(before);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(ui.pageErrors).toEqual([]);
  });

  it('checks spelling in the languages picked, the system’s until then', async () => {
    await settings();
    const languages = page.getByRole('group', { name: 'Spell-checking languages' });
    const box = (name: string) => languages.getByRole('checkbox', { name, exact: true });
    await box('American English').waitFor();
    expect(await box('American English').isChecked()).toBe(true);
    expect(await box('French').isChecked()).toBe(false);
    await page
      .getByText('Until you do, Hearth checks in your system’s: American English.')
      .waitFor();

    await box('French').check();
    await expect
      .poll(() => ui.hearth.app.appState().preferences.spellcheckLanguages)
      .toEqual(['en-US', 'fr']);
    await box('American English').uncheck();
    await expect
      .poll(() => ui.hearth.app.appState().preferences.spellcheckLanguages)
      .toEqual(['fr']);
    await ui.screenshot('settings-desktop-spelling');

    await page.getByRole('checkbox', { name: 'Check spelling as I type' }).uncheck();
    await expect.poll(() => box('French').isDisabled()).toBe(true);
    await page
      .getByText('Spell-checking is off: turn it on above to choose its languages.')
      .waitFor();
    await page.getByRole('checkbox', { name: 'Check spelling as I type' }).check();

    await page.getByRole('button', { name: 'Use my system’s languages' }).click();
    await expect.poll(() => ui.hearth.app.appState().preferences.spellcheckLanguages).toBeNull();
    await expect.poll(() => box('American English').isChecked()).toBe(true);
  });

  it('keeps both of two languages ticked one straight after the other', async () => {
    const languages = page.getByRole('group', { name: 'Spell-checking languages' });
    const box = (name: string) => languages.getByRole('checkbox', { name, exact: true });
    // Both clicks in one task of the page: nothing main says can come between them.
    await languages.evaluate((group) => {
      for (const name of ['French', 'Spanish']) {
        const label = [...group.querySelectorAll('label')].find(
          (candidate) => candidate.textContent?.trim() === name,
        );
        label?.click();
      }
    });
    await expect
      .poll(() => ui.hearth.app.appState().preferences.spellcheckLanguages)
      .toEqual(['en-US', 'fr', 'es']);
    expect(await box('French').isChecked()).toBe(true);
  });

  it('passes axe in both themes', async () => {
    expect(await seriousViolationsInBothThemes(page, 'Settings › Desktop')).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });
});
