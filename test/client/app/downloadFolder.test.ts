import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { connected, removeProfile, startTestHearth, type TestHearth } from '../../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../../helpers/org';

// Issue 57, point 3: files saved from messages go to the folder the person
// chose in Settings › Desktop (the system's Downloads folder until then), or
// where the save dialog says when they asked to be asked; never over a file.

describe('the folder files from messages are saved to', () => {
  let org: Org;
  let alice: TestUser;
  let hearth: TestHearth;
  let accountId: string;
  let url: string;
  let elsewhere: string;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    hearth = await startTestHearth({ secrets: createMemorySecretStore() });
    const joined = await hearth.app.join({
      method: 'apiKey',
      serverUrl: org.url,
      email: alice.email,
      apiKey: alice.apiKey,
    });
    if (!joined.ok) throw new Error(joined.message);
    accountId = hearth.app.appState().accounts[0]?.id ?? '';
    await connected(hearth.app);
    ({ url } = await hearth.service.uploadFile({
      accountId,
      uploadId: 'rota',
      name: 'rota.txt',
      type: 'text/plain',
      data: Buffer.from('Mon: Ana').toString('base64'),
    }));
  });
  afterAll(async () => {
    await hearth?.stop();
    if (hearth) await removeProfile(hearth.profileDir);
    await org?.close();
  });
  beforeEach(async () => {
    elsewhere = await mkdtemp(join(tmpdir(), 'hearth-chosen-'));
    hearth.pickers.shown.length = 0;
    hearth.pickers.answers.length = 0;
    await hearth.app.setPreferences({ downloadFolder: null, askWhereToSave: false });
  });
  afterEach(() => rm(elsewhere, { recursive: true, force: true }));

  const systemDownloads = () => join(hearth.profileDir, 'downloads');
  const save = () => hearth.service.saveUpload({ accountId, href: url });

  it('saves into the folder picked in the folder dialog, which opens where files go now', async () => {
    hearth.pickers.answers.push(elsewhere);
    const state = await hearth.service.chooseDownloadFolder({});

    expect(hearth.pickers.shown).toEqual([{ dialog: 'folder', at: systemDownloads() }]);
    expect(state.preferences.downloadFolder).toBe(elsewhere);
    expect(await save()).toEqual({ name: 'rota.txt', path: join(elsewhere, 'rota.txt') });
    expect(await readFile(join(elsewhere, 'rota.txt'), 'utf8')).toBe('Mon: Ana');
  });

  it('keeps the folder when the folder dialog is cancelled, and goes back to Downloads when asked', async () => {
    hearth.pickers.answers.push(elsewhere);
    await hearth.service.chooseDownloadFolder({});
    const kept = await hearth.service.chooseDownloadFolder({});
    expect(hearth.pickers.shown.at(-1)).toEqual({ dialog: 'folder', at: elsewhere });
    expect(kept.preferences.downloadFolder).toBe(elsewhere);

    await hearth.service.setPreferences({ patch: { downloadFolder: null } });
    expect((await save())?.path).toBe(join(systemDownloads(), 'rota.txt'));
  });

  it('takes a folder only from the dialog, never one the window names', async () => {
    await expect(
      hearth.service.setPreferences({ patch: { downloadFolder: elsewhere } as never }),
    ).rejects.toThrow();
    expect(hearth.app.appState().preferences.downloadFolder).toBeNull();
  });

  it('asks where to save each file, opening on the folder and the file’s name, and saves there', async () => {
    await hearth.app.setPreferences({ downloadFolder: elsewhere, askWhereToSave: true });
    const other = await mkdtemp(join(tmpdir(), 'hearth-other-'));
    hearth.pickers.answers.push(join(other, 'Rota for May.txt'));

    const saved = await save();

    expect(hearth.pickers.shown).toEqual([{ dialog: 'saveAs', at: join(elsewhere, 'rota.txt') }]);
    expect(saved).toEqual({ name: 'Rota for May.txt', path: join(other, 'Rota for May.txt') });
    expect(await readFile(join(other, 'Rota for May.txt'), 'utf8')).toBe('Mon: Ana');
    expect(await readdir(elsewhere)).toEqual([]);
    await rm(other, { recursive: true, force: true });
  });

  it('saves beside a file picked in the save dialog rather than over it', async () => {
    await hearth.app.setPreferences({ downloadFolder: elsewhere, askWhereToSave: true });
    await writeFile(join(elsewhere, 'rota.txt'), 'Last year’s rota');
    hearth.pickers.answers.push(join(elsewhere, 'rota.txt'));

    expect(await save()).toEqual({ name: 'rota (2).txt', path: join(elsewhere, 'rota (2).txt') });
    expect(await readFile(join(elsewhere, 'rota.txt'), 'utf8')).toBe('Last year’s rota');
    expect(await readFile(join(elsewhere, 'rota (2).txt'), 'utf8')).toBe('Mon: Ana');
  });

  it('saves nothing when the save dialog is cancelled', async () => {
    await hearth.app.setPreferences({ downloadFolder: elsewhere, askWhereToSave: true });

    expect(await save()).toBeNull();
    expect(hearth.pickers.shown).toHaveLength(1);
    expect(await readdir(elsewhere)).toEqual([]);
  });

  it('says so when the chosen folder is gone, and makes no folder in its place', async () => {
    const gone = join(elsewhere, 'usb-stick');
    await mkdir(gone);
    await hearth.app.setPreferences({ downloadFolder: gone });
    await rm(gone, { recursive: true });

    await expect(save()).rejects.toThrow(
      `The folder ${gone} is not there any more (a disk unplugged, or the folder moved): choose another in Settings › Desktop.`,
    );
    expect(await readdir(elsewhere)).toEqual([]);
  });

  it('says so when the chosen folder cannot be written in', async () => {
    // No one may make a file in /sys, root included (these tests run as root here).
    await hearth.app.setPreferences({ downloadFolder: '/sys' });

    await expect(save()).rejects.toThrow(
      'Hearth may not write in the folder /sys: choose another in Settings › Desktop.',
    );
  });

  it('makes the system’s Downloads folder when it is missing, as before', async () => {
    await rm(systemDownloads(), { recursive: true, force: true });
    expect((await save())?.path).toBe(join(systemDownloads(), 'rota.txt'));
  });
});
