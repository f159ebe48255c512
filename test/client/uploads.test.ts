import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../src-main/client/api';
import { ApiError, FileTooLargeError } from '../../src-main/client/api/errors';
import { Network } from '../../src-main/client/network/routing';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { solidPng } from '../helpers/uploads';

// Issue 17, point 3, in the client: a file goes to the account's server as
// Zulip's POST /user_uploads, with its progress told as it goes, through the
// same fetch as every other call (a pinned host's included), and comes back
// from /user_uploads/… with the account's credentials.

describe("the client's uploads against a real host", () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let api: Api;

  beforeAll(async () => {
    org = await startOrg({ network: { address: '127.0.0.1', port: 0 } });
    alice = await org.user('alice');
    bob = await org.user('bob');
    api = createApi({ serverUrl: org.url, email: alice.email, apiKey: alice.apiKey });
  });
  afterAll(() => org?.close());

  const attachmentCount = async (user: TestUser) =>
    ((await org.api(user)('GET', '/attachments')).json.attachments as unknown[]).length;

  it('sends a file, telling its progress up to the whole body, and reads it back', async () => {
    // Large enough to go in several slices.
    const photo = solidPng(400, [200, 80, 40]);
    const data = Buffer.concat([photo, Buffer.alloc(300_000, 7)]);
    const progress: [number, number][] = [];

    const uri = await api.uploadFile({
      name: 'Harbour at dusk.png',
      data,
      type: 'image/png',
      onProgress: (sent, total) => progress.push([sent, total]),
    });

    expect(uri).toMatch(/^\/user_uploads\/1\/[0-9a-f]{2}\/[\w-]+\/Harbour-at-dusk\.png$/);
    expect(progress.length).toBeGreaterThan(2);
    const total = progress[0]?.[1] ?? 0;
    // The multipart body: the file and its part's headers.
    expect(total).toBeGreaterThan(data.length);
    expect(progress.every(([, whole]) => whole === total)).toBe(true);
    expect(progress.map(([sent]) => sent)).toEqual(
      [...progress.map(([sent]) => sent)].sort((a, b) => a - b),
    );
    expect(progress.at(-1)).toEqual([total, total]);

    const file = await api.getUploadedFile(uri, { maxBytes: 10 * 1024 * 1024 });
    expect(file.type).toBe('image/png');
    expect(file.name).toBe('Harbour at dusk.png');
    expect(Buffer.from(file.data)).toEqual(data);
  });

  it("refuses an empty file with the server's reason", async () => {
    const failure = api.uploadFile({ name: 'empty.txt', data: new Uint8Array(0) });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: 'The file is empty' });
  });

  it("refuses a file past the server's limit before sending any of it", async () => {
    const before = await attachmentCount(alice);
    let told = 0;

    const failure = api.uploadFile({
      name: 'big.bin',
      data: new Uint8Array(2 * 1024 * 1024 + 1),
      maxBytes: 2 * 1024 * 1024,
      onProgress: () => (told += 1),
    });

    await expect(failure).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(failure).rejects.toThrow(
      'Uploaded file is larger than the allowed limit of 2 MiB',
    );
    expect(told).toBe(0);
    expect(await attachmentCount(alice)).toBe(before);
  });

  it('keeps a name beyond ASCII', async () => {
    const uri = await api.uploadFile({ name: 'café €.txt', data: Buffer.from('menu') });

    const file = await api.getUploadedFile(uri, { maxBytes: 1024 });
    expect(file.name).toBe('café €.txt');
    expect(Buffer.from(file.data).toString()).toBe('menu');
  });

  it('stops reading a file longer than asked for', async () => {
    const uri = await api.uploadFile({ name: 'long.txt', data: Buffer.alloc(4096, 65) });

    await expect(api.getUploadedFile(uri, { maxBytes: 1000 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
  });

  it("says why another person's file cannot be read, and sends credentials to uploads only", async () => {
    const uri = await api.uploadFile({ name: 'private.txt', data: Buffer.from('mine') });
    const bobs = createApi({ serverUrl: org.url, email: bob.email, apiKey: bob.apiKey });

    await expect(bobs.getUploadedFile(uri, { maxBytes: 1024 })).rejects.toMatchObject({
      status: 403,
      message: 'You are not authorized to view this file.',
    });
    await expect(
      api.getUploadedFile('/api/v1/users/me', { maxBytes: 1024 }),
    ).rejects.toBeInstanceOf(TypeError);
  });

  it("goes through a pinned host's certificate, progress and all", async () => {
    const network = org.network;
    if (!network || !('urls' in network)) throw new Error('the host does not serve the network');
    const pin = {
      fingerprint: network.fingerprint,
      certPem: await readFile(network.certPath, 'utf8'),
    };
    const serverUrl = `https://127.0.0.1:${network.port}`;
    const route = new Network({ env: {} });
    const pinned = createApi(
      { serverUrl, email: alice.email, apiKey: alice.apiKey },
      { fetch: route.fetchFor({ serverUrl, pin }) },
    );
    const data = Buffer.concat([solidPng(64, [20, 160, 90]), Buffer.alloc(200_000, 3)]);
    const progress: number[] = [];
    let total = 0;

    const uri = await pinned.uploadFile({
      name: 'pinned.png',
      data,
      type: 'image/png',
      onProgress: (sent, whole) => {
        progress.push(sent);
        total = whole;
      },
    });

    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(total);
    const file = await pinned.getUploadedFile(uri, { maxBytes: 1024 * 1024 });
    expect(Buffer.from(file.data)).toEqual(data);
    await route.close();
  });
});
