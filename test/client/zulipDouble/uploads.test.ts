import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startZulipDouble, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf } from '../../helpers/doubleClients';

// POST /user_uploads and the uploaded files on the Zulip 12 double: `url`
// and `uri` (feature level 272), `filename` (285), the realm's size limit,
// and the bytes served to who may read them.
let double: ZulipDouble;
let clients: ReturnType<typeof clientsOf>;
beforeEach(async () => {
  double = await startZulipDouble({ maxFileUploadSizeMib: 1 });
  clients = clientsOf(double);
});
afterEach(() => double.close());

const notes = new TextEncoder().encode('To be, or not to be');
const fileOptions = { maxBytes: 1024 * 1024 };

describe('uploads on the Zulip double', () => {
  it('keeps a file, tells its uploader, and serves it to them', async () => {
    const { users } = double;
    const hamlet = await clients.listen(users.member);
    const cordelia = await clients.listen(users.member2);
    const api = clients.apiFor(users.member);
    const url = await api.uploadFile({ name: 'my notes.txt', data: notes, type: 'text/plain' });
    expect(url).toMatch(/^\/user_uploads\/1\/[0-9a-f]{2}\/[\w-]+\/my-notes\.txt$/);
    const [event] = await hamlet.drain();
    expect(event).toMatchObject({
      type: 'attachment',
      op: 'add',
      attachment: {
        name: 'my notes.txt',
        path_id: url.slice('/user_uploads/'.length),
        size: notes.length,
        message_ids: [],
      },
      upload_space_used: notes.length,
    });
    expect(await cordelia.drain()).toEqual([]);
    const file = await api.getUploadedFile(url, fileOptions);
    expect(new TextDecoder().decode(file.data)).toBe('To be, or not to be');
    expect(file).toMatchObject({ type: 'text/plain', name: 'my notes.txt' });
  });

  it('answers with url, the deprecated uri and the file’s name', async () => {
    const form = new FormData();
    form.append('file', new Blob([notes], { type: 'text/plain' }), 'soliloquy.txt');
    const { email, apiKey } = double.users.member;
    const response = await fetch(`${double.url}/api/v1/user_uploads`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}` },
      body: form,
    });
    const answer = (await response.json()) as Record<string, string>;
    expect(answer).toMatchObject({ result: 'success', msg: '', filename: 'soliloquy.txt' });
    expect(answer.uri).toBe(answer.url);
  });

  it('serves a file to someone else once a message they can read links it', async () => {
    const { users } = double;
    const url = await clients.apiFor(users.member).uploadFile({ name: 'skull.txt', data: notes });
    const cordelia = clients.apiFor(users.member2);
    await expect(cordelia.getUploadedFile(url, fileOptions)).rejects.toMatchObject({ status: 403 });
    await clients.apiFor(users.member).sendStreamMessage({
      stream: 'Denmark',
      topic: 'props',
      content: `[skull.txt](${url})`,
    });
    expect((await cordelia.getUploadedFile(url, fileOptions)).data).toEqual(notes);
    const anonymous = await fetch(`${double.url}${url}`);
    expect(anonymous.status).toBe(401);
    await expect(
      cordelia.getUploadedFile('/user_uploads/1/aa/nothing/here.txt', fileOptions),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('hands who may read a file a URL that serves it without credentials, and nothing forged', async () => {
    const { users } = double;
    const api = clients.apiFor(users.member);
    const url = await api.uploadFile({ name: 'yorick.txt', data: notes, type: 'text/plain' });
    const temporary = await api.temporaryUploadUrl(url);
    expect(temporary).toMatch(/^\/user_uploads\/temporary\/[\w-]+\/yorick\.txt$/);
    const served = await fetch(`${double.url}${temporary}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(notes);

    await expect(clients.apiFor(users.member2).temporaryUploadUrl(url)).rejects.toMatchObject({
      status: 403,
    });
    const forged = await fetch(`${double.url}/user_uploads/temporary/not-a-token/yorick.txt`);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ result: 'error', msg: 'Invalid token' });
  });

  it('refuses a file past the server’s max_file_upload_size_mib, in Zulip’s words', async () => {
    const big = new Uint8Array(1024 * 1024 + 512 * 1024);
    await expect(
      clients.apiFor(double.users.member).uploadFile({ name: 'big.bin', data: big }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Uploaded file is larger than the allowed limit of 1 MiB',
    });
    expect((await clients.stateOf(double.users.member)).max_file_upload_size_mib).toBe(1);
  });

  it('refuses a request with no file', async () => {
    const refused = await clients.raw(double.users.member)('POST', '/user_uploads');
    expect(refused.json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'You must specify a file to upload',
    });
  });
});
