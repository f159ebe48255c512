import Database from 'better-sqlite3';
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 10's resumable uploads (feature level 295): tus 1.0.0 at /api/v1/tus,
// as Zulip's tusd and its hooks answer it. A finished upload is an ordinary
// Zulip upload, served at /user_uploads/... as POST /user_uploads makes them.

const basic = (user: TestUser) =>
  `Basic ${Buffer.from(`${user.email}:${user.apiKey}`).toString('base64')}`;

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

const bytes = (length: number, seed: number) =>
  Buffer.from(Array.from({ length }, (_, index) => (index * 31 + seed) % 251));

describe('resumable uploads over tus', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const tus = (user: TestUser | null, method: string, url: string, init: RequestInit = {}) =>
    fetch(url.startsWith('http') ? url : `${org.url}/api/v1/tus${url}`, {
      method,
      ...init,
      headers: {
        'Tus-Resumable': '1.0.0',
        ...(user ? { Authorization: basic(user) } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });

  const create = async (user: TestUser, size: number, fields: Record<string, string>) => {
    const response = await tus(user, 'POST', '', {
      headers: { 'Upload-Length': String(size), 'Upload-Metadata': metadata(fields) },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return response.headers.get('location') ?? '';
  };

  const patch = (user: TestUser, location: string, offset: number, body: Buffer) =>
    tus(user, 'PATCH', location, {
      headers: {
        'Content-Type': 'application/offset+octet-stream',
        'Upload-Offset': String(offset),
      },
      body: new Uint8Array(body),
    });

  const offsetOf = async (user: TestUser, location: string) =>
    Number((await tus(user, 'HEAD', location)).headers.get('upload-offset'));

  const pendingRows = () => {
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'), { readonly: true });
    try {
      return db.prepare('SELECT id, path_id FROM resumable_uploads').all() as {
        id: number;
        path_id: string;
      }[];
    } finally {
      db.close();
    }
  };
  const partFiles = () => readdirSync(join(org.dataDir, 'tus'));

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
  });
  afterAll(() => org?.close());

  it('tells clients the protocol it speaks, its extensions and the largest upload', async () => {
    const response = await fetch(`${org.url}/api/v1/tus`, { method: 'OPTIONS' });
    expect(response.status).toBe(200);
    expect(response.headers.get('tus-resumable')).toBe('1.0.0');
    expect(response.headers.get('tus-version')).toBe('1.0.0');
    expect(response.headers.get('tus-extension')).toBe('creation,creation-with-upload,termination');
    expect(response.headers.get('tus-max-size')).toBe(String(25 * 1024 * 1024));
  });

  it("answers only to the host's own names, as every other path", async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve) => {
      const request = httpRequest(
        `${org.url}/api/v1/tus`,
        {
          method: 'POST',
          headers: { Host: 'rebound.example', 'Tus-Resumable': '1.0.0', 'Upload-Length': '4' },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.end();
    });
    expect(status).toBe(400);
    expect(JSON.parse(body)).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('takes a file in chunks, serves it only once whole, and answers its URL as Zulip does', async () => {
    const data = bytes(300_000, 7);
    const location = await create(alice, data.length, {
      filename: 'Q3 例 report!.txt',
      filetype: 'text/plain',
    });
    expect(location).toMatch(new RegExp(`^${org.url}/api/v1/tus/\\d+$`));
    const head = await tus(alice, 'HEAD', location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('0');
    expect(head.headers.get('upload-length')).toBe(String(data.length));
    expect(head.headers.get('cache-control')).toBe('no-store');

    const first = await patch(alice, location, 0, data.subarray(0, 100_000));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('100000');
    expect(first.headers.get('tus-resumable')).toBe('1.0.0');

    // The path is reserved, but nothing is served there before the last byte.
    const [pending] = pendingRows();
    expect(pending?.path_id).toMatch(/^1\/[0-9a-f]{2}\/[\w-]{24}\/Q3-report\.txt$/);
    const early = await fetch(`${org.url}/user_uploads/${pending?.path_id}`, {
      headers: { Authorization: basic(alice) },
    });
    expect(early.status).toBe(404);

    expect((await patch(alice, location, 100_000, data.subarray(100_000, 200_000))).status).toBe(
      204,
    );
    const last = await patch(alice, location, 200_000, data.subarray(200_000));
    expect(last.status).toBe(200);
    expect(last.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(last.headers.get('upload-offset')).toBe(String(data.length));
    const answer = (await last.json()) as { url: string; filename: string };
    expect(answer).toEqual({
      url: `/user_uploads/${pending?.path_id}`,
      filename: 'Q3 例 report!.txt',
    });

    const file = await fetch(`${org.url}${answer.url}`, {
      headers: { Authorization: basic(alice) },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(data);

    // An ordinary upload: listed with its size, read by whoever a message shows it to.
    const listed = (await org.api(alice)('GET', '/attachments')).json as {
      attachments: { path_id: string; name: string; size: number }[];
    };
    expect(listed.attachments).toContainEqual(
      expect.objectContaining({
        path_id: pending?.path_id,
        name: 'Q3 例 report!.txt',
        size: data.length,
      }),
    );
    const byBob = () =>
      fetch(`${org.url}${answer.url}`, { headers: { Authorization: basic(bob) } });
    expect((await byBob()).status).toBe(403);
    await org.sendStream(alice, 'design', 'numbers', `[report](${answer.url})`);
    expect((await byBob()).status).toBe(200);

    expect(pendingRows()).toEqual([]);
    expect(partFiles()).toEqual([]);
    expect((await tus(alice, 'HEAD', location)).status).toBe(404);
  });

  it('resumes an upload cut off mid-request, after the host restarted, from the byte it reached', async () => {
    const data = bytes(200_000, 3);
    const location = await create(alice, data.length, { filename: 'big.bin' });

    // A request that sends 64 KiB and then stalls until the connection is cut.
    const cut = new AbortController();
    const sent = data.subarray(0, 65_536);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(sent));
      },
    });
    const interrupted = tus(alice, 'PATCH', location, {
      headers: { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' },
      body,
      signal: cut.signal,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    for (let tries = 0; (await offsetOf(alice, location)) < sent.length && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    cut.abort();
    await interrupted;
    await org.restart();

    const reached = await offsetOf(alice, location);
    expect(reached).toBe(sent.length);
    const rest = await patch(alice, location, reached, data.subarray(reached));
    expect(rest.status).toBe(200);
    const { url } = (await rest.json()) as { url: string };
    const file = await fetch(`${org.url}${url}`, { headers: { Authorization: basic(alice) } });
    expect(Buffer.from(await file.arrayBuffer())).toEqual(data);
  });

  it('takes a chunk larger than the body any other endpoint takes, and gives its metadata back', async () => {
    const data = bytes(6 * 1024 * 1024, 11);
    const location = await create(alice, data.length, {
      filename: 'video.webm',
      filetype: 'video/webm',
    });
    const head = await tus(alice, 'HEAD', location);
    expect(head.headers.get('upload-metadata')?.split(',').sort()).toEqual([
      `filename ${Buffer.from('video.webm').toString('base64')}`,
      `filetype ${Buffer.from('video/webm').toString('base64')}`,
    ]);
    const whole = await patch(alice, location, 0, data);
    expect(whole.status).toBe(200);
    const { url } = (await whole.json()) as { url: string };
    const file = await fetch(`${org.url}${url}`, { headers: { Authorization: basic(alice) } });
    expect(file.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await file.arrayBuffer()).equals(data)).toBe(true);
  });

  it('refuses a chunk at the wrong offset, or not as tus sends one', async () => {
    const location = await create(alice, 10, { filename: 'ten.txt' });
    expect((await patch(alice, location, 0, Buffer.from('abcd'))).status).toBe(204);

    const wrong = await patch(alice, location, 2, Buffer.from('efgh'));
    expect(wrong.status).toBe(409);
    expect(await wrong.text()).toBe('ERR_MISMATCHED_OFFSET: mismatched offset\n');

    const untyped = await tus(alice, 'PATCH', location, {
      headers: { 'Content-Type': 'text/plain', 'Upload-Offset': '4' },
      body: 'efgh',
    });
    expect(untyped.status).toBe(400);
    expect(await untyped.text()).toBe(
      'ERR_INVALID_CONTENT_TYPE: missing or invalid Content-Type header\n',
    );

    const noOffset = await tus(alice, 'PATCH', location, {
      headers: { 'Content-Type': 'application/offset+octet-stream' },
      body: 'efgh',
    });
    expect(noOffset.status).toBe(400);
    expect(await noOffset.text()).toBe(
      'ERR_INVALID_OFFSET: missing or invalid Upload-Offset header\n',
    );

    const noVersion = await fetch(location, {
      method: 'PATCH',
      headers: {
        Authorization: basic(alice),
        'Content-Type': 'application/offset+octet-stream',
        'Upload-Offset': '4',
      },
      body: 'efgh',
    });
    expect(noVersion.status).toBe(412);
    expect(await noVersion.text()).toBe(
      'ERR_UNSUPPORTED_VERSION: missing, invalid or unsupported Tus-Resumable header\n',
    );

    const tooLong = await patch(alice, location, 4, Buffer.from('efghijklmn'));
    expect(tooLong.status).toBe(413);
    expect(await tooLong.text()).toBe("ERR_UPLOAD_SIZE_EXCEEDED: upload's size exceeded\n");
    expect(await offsetOf(alice, location)).toBe(4);
  });

  it('refuses an upload over the limit, of no stated length, or by nobody, as Zulip does', async () => {
    const before = pendingRows().length;
    const refusal = async (response: Response) => ({
      status: response.status,
      type: response.headers.get('content-type')?.split(';')[0],
      body: (await response.json()) as unknown,
    });

    const tooLarge = await tus(alice, 'POST', '', {
      headers: {
        'Upload-Length': String(25 * 1024 * 1024 + 1),
        'Upload-Metadata': 'filename eA==',
      },
    });
    expect(await refusal(tooLarge)).toEqual({
      status: 413,
      type: 'application/json',
      body: {
        message: "File is larger than this server's configured maximum upload size (25 MiB).",
      },
    });

    const deferred = await tus(alice, 'POST', '', { headers: { 'Upload-Defer-Length': '1' } });
    expect(await refusal(deferred)).toEqual({
      status: 411,
      type: 'application/json',
      body: { message: 'SizeIsDeferred is not supported' },
    });

    const anonymous = await tus(null, 'POST', '', { headers: { 'Upload-Length': '5' } });
    expect(await refusal(anonymous)).toEqual({
      status: 401,
      type: 'application/json',
      body: { message: 'Unauthenticated upload' },
    });
    const wrongKey = await tus({ ...alice, apiKey: 'x'.repeat(32) }, 'POST', '', {
      headers: { 'Upload-Length': '5' },
    });
    expect(wrongKey.status).toBe(401);

    const noLength = await tus(alice, 'POST', '');
    expect(noLength.status).toBe(400);
    expect(await noLength.text()).toBe(
      'ERR_INVALID_UPLOAD_LENGTH: missing or invalid Upload-Length header\n',
    );
    expect(pendingRows().length).toBe(before);
  });

  it("keeps an upload to its uploader: another's is not there", async () => {
    const location = await create(alice, 4, { filename: 'mine.txt' });
    expect((await tus(bob, 'HEAD', location)).status).toBe(404);
    const theirs = await patch(bob, location, 0, Buffer.from('abcd'));
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe('ERR_UPLOAD_NOT_FOUND: upload not found\n');
    expect((await tus(bob, 'DELETE', location)).status).toBe(404);
    expect(await offsetOf(alice, location)).toBe(0);
  });

  it('takes a first chunk with the creation, and an empty file at once', async () => {
    const withChunk = await tus(alice, 'POST', '', {
      headers: {
        'Upload-Length': '6',
        'Upload-Metadata': metadata({ filename: 'hello.txt' }),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: 'hel',
    });
    expect(withChunk.status).toBe(201);
    expect(withChunk.headers.get('upload-offset')).toBe('3');
    const location = withChunk.headers.get('location') ?? '';
    expect((await patch(alice, location, 3, Buffer.from('lo!'))).status).toBe(200);

    const empty = await tus(alice, 'POST', '', {
      headers: { 'Upload-Length': '0', 'Upload-Metadata': metadata({ filename: '..' }) },
    });
    expect(empty.status).toBe(200);
    const answer = (await empty.json()) as { url: string; filename: string };
    expect(answer.filename).toBe('uploaded-file');
    expect(answer.url).toMatch(/\/uploaded-file$/);
  });

  it('ends an upload its client gives up on, and deletes its bytes', async () => {
    const location = await create(alice, 8, { filename: 'gone.txt' });
    expect((await patch(alice, location, 0, Buffer.from('abcd'))).status).toBe(204);
    const ended = await tus(alice, 'DELETE', location);
    expect(ended.status).toBe(204);
    expect((await tus(alice, 'HEAD', location)).status).toBe(404);
    const id = location.split('/').at(-1);
    expect(partFiles()).not.toContain(`${id}.part`);
  });

  it('deletes the bytes of an upload abandoned for a day when the host next starts', async () => {
    const location = await create(alice, 8, { filename: 'stale.txt' });
    expect((await patch(alice, location, 0, Buffer.from('abcd'))).status).toBe(204);
    const id = location.split('/').at(-1) ?? '';
    const part = join(org.dataDir, 'tus', `${id}.part`);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(part, twoDaysAgo, twoDaysAgo);
    const fresh = await create(alice, 8, { filename: 'fresh.txt' });

    await org.restart();
    expect(existsSync(part)).toBe(false);
    expect((await tus(alice, 'HEAD', location)).status).toBe(404);
    expect(pendingRows().map((row) => String(row.id))).not.toContain(id);
    expect((await tus(alice, 'HEAD', fresh)).status).toBe(200);
  });
});
