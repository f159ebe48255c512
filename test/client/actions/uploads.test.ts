import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { safeFileName } from '../../../src-main/client/actions/uploads';
import { uploadPathOf } from '../../../src-main/client/links/linkTargets';
import { bridgeCalls, type EventPayload } from '../../../src-preload/bridge';
import { connected, removeProfile, startTestHearth, type TestHearth } from '../../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../../helpers/org';
import { solidPng } from '../../helpers/uploads';

// Issue 17, point 3, through the bridge: the window's files go to the
// account's server with their progress pushed to it, and the files messages
// link come back through main, which alone holds the key: images as data:
// URLs, other files saved in the Downloads folder.

describe('files through the bridge', () => {
  let org: Org;
  let alice: TestUser;
  let hearth: TestHearth;
  let accountId: string;
  const progress: EventPayload<'uploadProgress'>[] = [];
  let stopListening: () => void;

  const base64 = (data: Buffer) => data.toString('base64');
  const attachments = async () =>
    (await org.api(alice)('GET', '/attachments')).json.attachments as { name: string }[];

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
    stopListening = hearth.service.subscribe((event, payload) => {
      if (event === 'uploadProgress') progress.push(payload as EventPayload<'uploadProgress'>);
    });
  });
  afterAll(async () => {
    stopListening?.();
    await hearth?.stop();
    if (hearth) await removeProfile(hearth.profileDir);
    await org?.close();
  });

  it('sends a file from the window and pushes its progress up to the whole request', async () => {
    const photo = Buffer.concat([solidPng(120, [240, 180, 40]), Buffer.alloc(400_000, 1)]);

    const { url } = await hearth.service.uploadFile({
      accountId,
      uploadId: 'photo-1',
      name: 'Sunflowers.png',
      type: 'image/png',
      data: base64(photo),
    });

    expect(url).toMatch(/^\/user_uploads\/1\/[0-9a-f]{2}\/[\w-]+\/Sunflowers\.png$/);
    const mine = progress.filter((event) => event.uploadId === 'photo-1');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((event) => event.accountId === accountId)).toBe(true);
    const last = mine.at(-1);
    expect(last?.sent).toBe(last?.total);
    expect(last?.total).toBeGreaterThan(photo.length);
    await expect(hearth.service.getSnapshot({})).resolves.toMatchObject({
      compose: { maxUploadBytes: 25 * 1024 * 1024 },
    });
  });

  it("hands the window an uploaded image as a data: URL, and nothing that is not one of the account's images", async () => {
    const png = solidPng(16, [10, 200, 90]);
    const { url } = await hearth.service.uploadFile({
      accountId,
      uploadId: 'green',
      name: 'green.png',
      type: 'image/png',
      data: base64(png),
    });
    const { url: textUrl } = await hearth.service.uploadFile({
      accountId,
      uploadId: 'text',
      name: 'notes.txt',
      type: 'text/plain',
      data: base64(Buffer.from('Bring the ladder')),
    });

    const { dataUrl } = await hearth.service.uploadedImage({ accountId, href: url });
    expect(dataUrl).toBe(`data:image/png;base64,${base64(png)}`);
    await expect(hearth.service.uploadedImage({ accountId, href: textUrl })).rejects.toThrow(
      'not an image',
    );
    for (const href of [
      'https://elsewhere.example/user_uploads/1/ab/tok/a.png',
      '/api/v1/users/me',
      '/user_uploads/../api/v1/users/me',
    ]) {
      await expect(hearth.service.uploadedImage({ accountId, href }), href).rejects.toThrow(
        'not a file uploaded to this organization',
      );
    }
  });

  it('saves a linked file into the Downloads folder, never over another file', async () => {
    const { url } = await hearth.service.uploadFile({
      accountId,
      uploadId: 'minutes',
      name: 'Minutes 3.txt',
      type: 'text/plain',
      data: base64(Buffer.from('Agreed: paint the shed')),
    });

    expect(await hearth.service.openLink({ href: url })).toEqual({ kind: 'upload', url: null });
    const first = await hearth.service.saveUpload({ accountId, href: url });
    const second = await hearth.service.saveUpload({ accountId, href: url });

    const downloads = join(hearth.profileDir, 'downloads');
    expect(first).toEqual({ name: 'Minutes 3.txt', path: join(downloads, 'Minutes 3.txt') });
    expect(second).toEqual({
      name: 'Minutes 3 (2).txt',
      path: join(downloads, 'Minutes 3 (2).txt'),
    });
    expect(await readFile(join(downloads, 'Minutes 3.txt'), 'utf8')).toBe('Agreed: paint the shed');
    expect((await readdir(downloads)).sort()).toEqual(['Minutes 3 (2).txt', 'Minutes 3.txt']);
  });

  it('passes on the server’s reason for a refusal, and keeps nothing of a cancelled upload', async () => {
    await expect(
      hearth.service.uploadFile({
        accountId,
        uploadId: 'empty',
        name: 'e.txt',
        type: '',
        data: '',
      }),
    ).rejects.toThrow('The file is empty');

    const before = await attachments();
    const sending = hearth.service.uploadFile({
      accountId,
      uploadId: 'big',
      name: 'big.bin',
      type: 'application/octet-stream',
      data: base64(Buffer.alloc(3 * 1024 * 1024, 9)),
    });
    await hearth.service.cancelUpload({ uploadId: 'big' });
    await expect(sending).rejects.toThrow('The upload was cancelled.');
    expect(await attachments()).toEqual(before);
  });

  it('refuses at the bridge what is not a file of the allowed size', () => {
    const args = { accountId, uploadId: 'x', name: 'a.png', type: 'image/png' };
    const { safeParse } = bridgeCalls.uploadFile.args;
    expect(safeParse({ ...args, data: 'aGVsbG8=' }).success).toBe(true);
    expect(safeParse({ ...args, data: 'not base64!' }).success).toBe(false);
    expect(safeParse({ ...args, data: 'aGVsbG8' }).success).toBe(false);
    expect(
      safeParse({ ...args, data: 'A'.repeat(Math.ceil((25 * 1024 * 1024) / 3) * 4) }).success,
    ).toBe(true);
    expect(safeParse({ ...args, data: 'A'.repeat(36 * 1024 * 1024) }).success).toBe(false);
    expect(safeParse({ ...args, type: 'text/html; charset=x', data: '' }).success).toBe(false);
    expect(safeParse({ ...args, name: ' ', data: '' }).success).toBe(false);
  });
});

describe('names and paths of uploaded files', () => {
  it('finds the upload path of a link on the server, and nothing elsewhere', () => {
    const server = 'https://chat.example.org/club';
    expect(uploadPathOf('/club/user_uploads/2/ab/t/a.png', server)).toBe(
      '/user_uploads/2/ab/t/a.png',
    );
    expect(uploadPathOf('https://chat.example.org/club/user_uploads/2/x.pdf', server)).toBe(
      '/user_uploads/2/x.pdf',
    );
    expect(uploadPathOf('/user_uploads/2/ab/t/a.png', server)).toBeNull();
    expect(uploadPathOf('https://evil.example/club/user_uploads/2/x', server)).toBeNull();
    expect(uploadPathOf('https://u:p@chat.example.org/club/user_uploads/2/x', server)).toBeNull();
    expect(uploadPathOf('/club/user_uploads/%2e%2e/api/v1/users/me', server)).toBeNull();
    expect(uploadPathOf('/club/user_uploads/2/a%2Fb', server)).toBeNull();
  });

  it('makes a name safe to write on this computer', () => {
    expect(safeFileName('report.pdf')).toBe('report.pdf');
    expect(safeFileName('../../.bashrc')).toBe('_.._.bashrc');
    expect(safeFileName('.hidden')).toBe('hidden');
    expect(safeFileName('a\u0007b:c?.txt')).toBe('a_b_c_.txt');
    expect(safeFileName('...')).toBe('download');
    expect(safeFileName(`${'x'.repeat(300)}.png`)).toBe(`${'x'.repeat(150)}.png`);
  });
});
