import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sanitizeFileName } from '../../src-main/server/actions/uploads';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { multipart, sendCutOff, solidPng, type Part } from '../helpers/uploads';

// Zulip 7.0's file uploads: POST /user_uploads, the files served at
// /user_uploads/... to whoever Zulip's rules let read them, a signed URL for a
// minute, GET and DELETE /attachments, and the attachment events.

const png = solidPng(8, [30, 120, 200]);

const basic = (user: TestUser) =>
  `Basic ${Buffer.from(`${user.email}:${user.apiKey}`).toString('base64')}`;

describe('file uploads', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let gus: TestUser;

  const upload = async (user: TestUser, parts: readonly Part[]) => {
    const { body, type } = multipart(parts);
    const response = await fetch(`${org.url}/api/v1/user_uploads`, {
      method: 'POST',
      headers: { Authorization: basic(user), 'Content-Type': type },
      body: new Uint8Array(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const uploaded = async (user: TestUser, filename: string, data = png, type = 'image/png') => {
    const answer = await upload(user, [{ filename, data, type }]);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.uri as string;
  };
  const fetchFile = (uri: string, user?: TestUser, query = '') =>
    fetch(`${org.url}${uri}${query}`, user ? { headers: { Authorization: basic(user) } } : {});
  const attachments = async (user: TestUser) =>
    (await org.api(user)('GET', '/attachments')).json as {
      attachments: {
        id: number;
        name: string;
        path_id: string;
        size: number;
        message_ids: number[];
        create_time: number;
      }[];
      upload_space_used: number;
    };
  const rowsInDatabase = () => {
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'), { readonly: true });
    try {
      return db
        .prepare(
          'SELECT (SELECT COUNT(*) FROM attachments) + (SELECT COUNT(*) FROM attachment_files) AS n',
        )
        .get() as { n: number };
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    gus = await org.user('gus');
    const owner = org.api(org.owner);
    expect((await owner('PATCH', `/users/${gus.id}`, { role: 600 })).status).toBe(200);
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
  });
  afterAll(() => org?.close());

  it("stores a file at Zulip's path and gives it back to its uploader as it was sent", async () => {
    const answer = await upload(alice, [
      { filename: 'Team photo (1).png', data: png, type: 'image/png' },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.json.uri).toMatch(
      /^\/user_uploads\/1\/[0-9a-f]{2}\/[\w-]{24}\/Team-photo-1\.png$/,
    );
    expect(answer.json.url).toBe(answer.json.uri);
    expect(answer.json.filename).toBe('Team photo (1).png');
    const file = await fetchFile(answer.json.uri as string, alice);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe('inline; filename="Team photo (1).png"');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
    const register = await org.api(alice)('POST', '/register', { fetch_event_types: ['realm'] });
    expect(register.json.max_file_upload_size_mib).toBe(25);
  });

  it('offers a page or a program as a download, never to run in place', async () => {
    const uri = await uploaded(
      alice,
      'page.html',
      Buffer.from('<script>alert(1)</script>'),
      'text/html',
    );
    const file = await fetchFile(uri, alice);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="page.html"');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('refuses bad uploads with a clear error and stores nothing of them', async () => {
    const before = rowsInDatabase().n;
    const refusals: [Part[], string][] = [
      [[], 'You must specify a file to upload'],
      [[{ filename: 'empty.txt', data: Buffer.alloc(0) }], 'The file is empty'],
      [[{ filename: '../../etc/passwd', data: png }], "Invalid file name '../../etc/passwd'"],
      [
        [{ filename: 'C:\\Users\\me\\a.png', data: png }],
        "Invalid file name 'C:\\Users\\me\\a.png'",
      ],
      [[{ filename: 'bell\x07.png', data: png }], "Invalid file name 'bell?.png'"],
      [
        [
          { field: 'a', filename: 'a.png', data: png },
          { field: 'b', filename: 'b.png', data: png },
        ],
        'You may only upload one file at a time',
      ],
      [
        [{ filename: 'big.bin', data: Buffer.alloc(25 * 1024 * 1024 + 1) }],
        "File is larger than this server's configured maximum upload size (25 MiB).",
      ],
      [
        [{ filename: 'huge.bin', data: Buffer.alloc(27 * 1024 * 1024) }],
        "File is larger than this server's configured maximum upload size (25 MiB).",
      ],
    ];
    for (const [parts, msg] of refusals) {
      const answer = await upload(alice, parts);
      expect(answer, msg).toMatchObject({
        status: 400,
        json: { result: 'error', msg, code: 'BAD_REQUEST' },
      });
    }
    expect(rowsInDatabase().n).toBe(before);
  });

  it('stores nothing of a request cut off in the middle of its file', async () => {
    const before = rowsInDatabase().n;
    await sendCutOff(org, basic(alice), '/api/v1/user_uploads', [
      { filename: 'cut.bin', data: Buffer.alloc(2 * 1024 * 1024, 7) },
    ]);
    // The host answers others meanwhile, and keeps nothing of the half file.
    expect((await org.api(alice)('GET', '/users/me')).status).toBe(200);
    expect(rowsInDatabase().n).toBe(before);
    expect((await attachments(alice)).attachments.map((a) => a.name)).not.toContain('cut.bin');
  });

  it("serves a file only to those Zulip's rules let read it", async () => {
    const unlinked = await uploaded(alice, 'mine.png');
    const inPublic = await uploaded(alice, 'public.png');
    const inDirect = await uploaded(alice, 'direct.png');
    await org.sendStream(alice, 'design', 'files', `[public.png](${inPublic})`);
    await org.api(alice)('POST', '/messages', {
      type: 'private',
      to: JSON.stringify([bob.id]),
      content: `[direct.png](${inDirect})`,
    });
    const status = async (uri: string, user?: TestUser) => (await fetchFile(uri, user)).status;
    // The uploader alone, until a message links it.
    expect([await status(unlinked, alice), await status(unlinked, bob)]).toEqual([200, 403]);
    // A public stream's file is for every member, subscribed or not, but not for guests.
    expect([
      await status(inPublic, bob),
      await status(inPublic, carol),
      await status(inPublic, gus),
    ]).toEqual([200, 200, 403]);
    // A direct message's, for those in the conversation.
    expect([await status(inDirect, bob), await status(inDirect, carol)]).toEqual([200, 403]);
    // Without credentials, nobody; with a key in the URL, as Zulip's mobile apps send it.
    expect(await status(inDirect)).toBe(403);
    expect((await fetchFile(inDirect, undefined, `?api_key=${bob.apiKey}`)).status).toBe(200);
    expect((await fetchFile(inDirect, undefined, `?api_key=${'x'.repeat(32)}`)).status).toBe(401);
    const missing = await fetchFile('/user_uploads/1/ab/nothingHereAtAll0000000/none.png', alice);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ result: 'error', msg: 'File not found.' });
  });

  it("lets a subscriber read a private stream's file when the stream shares its history", async () => {
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'plans' }],
      invite_only: true,
      history_public_to_subscribers: true,
    });
    const uri = await uploaded(alice, 'plan.png');
    await org.sendStream(alice, 'plans', 'q3', `[plan.png](${uri})`);
    expect((await fetchFile(uri, carol)).status).toBe(403);
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'plans' }],
      principals: [carol.id],
    });
    expect((await fetchFile(uri, carol)).status).toBe(200);
  });

  it('hands out a URL that serves the file without credentials for a minute', async () => {
    const uri = await uploaded(alice, 'shared.png');
    const signed = await org.api(alice)('GET', uri);
    expect(signed.status).toBe(200);
    const url = signed.json.url as string;
    expect(url).toMatch(/^\/user_uploads\/temporary\/\d+-\d+-[\w-]{22}\/shared\.png$/);
    const file = await fetch(`${org.url}${url}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
    // Somebody who may not read the file gets no URL for it.
    expect((await org.api(bob)('GET', uri)).status).toBe(403);
    const forged = url.replace(
      /-([\w-]{22})\//,
      (_, mac: string) => `-${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}/`,
    );
    expect(await (await fetch(`${org.url}${forged}`)).json()).toMatchObject({
      msg: 'Invalid token',
    });
    const renamed = url.replace(/shared\.png$/, 'other.png');
    expect(await (await fetch(`${org.url}${renamed}`)).json()).toMatchObject({
      msg: 'Invalid filename',
    });
    // A minute of the host's running time, whatever the wall clock says:
    // moved forward by hours it ends no link, moved back it keeps none.
    const wall = Date.now();
    const forward = vi.spyOn(Date, 'now').mockReturnValue(wall + 5 * 3_600_000);
    try {
      expect((await fetch(`${org.url}${url}`)).status).toBe(200);
    } finally {
      forward.mockRestore();
    }
    const back = vi.spyOn(Date, 'now').mockReturnValue(wall - 5 * 3_600_000);
    const later = vi.spyOn(performance, 'now').mockReturnValue(performance.now() + 61_000);
    try {
      expect(await (await fetch(`${org.url}${url}`)).json()).toMatchObject({
        msg: 'Invalid token',
      });
    } finally {
      later.mockRestore();
      back.mockRestore();
    }
  });

  it('lists the uploads with the messages that link them, and removes one for its owner alone', async () => {
    const queue = await org.api(bob)('POST', '/register', { event_types: ['attachment'] });
    const queueId = queue.json.queue_id as string;
    const uri = await uploaded(
      bob,
      'notes.txt',
      Buffer.from('minutes of the meeting'),
      'text/plain',
    );
    const messageId = await org.sendStream(bob, 'design', 'notes', `Minutes: [notes.txt](${uri})`);
    const listed = (await attachments(bob)).attachments.find((a) => uri.endsWith(a.path_id));
    expect(listed).toMatchObject({ name: 'notes.txt', size: 22 });
    expect(listed?.message_ids).toEqual([messageId]);
    expect((await attachments(bob)).upload_space_used).toBeGreaterThanOrEqual(22);

    const id = listed?.id as number;
    const refused = await org.api(alice)('DELETE', `/attachments/${id}`);
    expect(refused.json).toMatchObject({ result: 'error', msg: 'Invalid attachment' });
    expect((await org.api(bob)('DELETE', `/attachments/${id}`)).status).toBe(200);
    expect((await fetchFile(uri, bob)).status).toBe(404);
    expect((await attachments(bob)).attachments.map((a) => a.id)).not.toContain(id);

    const events = (await org.api(bob)('GET', '/events', { queue_id: queueId, last_event_id: -1 }))
      .json.events as {
      type: string;
      op: string;
      attachment: { id: number; message_ids?: unknown[] };
      upload_space_used: number;
    }[];
    expect(events.map((event) => `${event.type} ${event.op}`)).toEqual([
      'attachment add',
      'attachment update',
      'attachment remove',
    ]);
    expect(events[0]?.attachment).toMatchObject({ id, name: 'notes.txt', message_ids: [] });
    expect(events[1]?.attachment.message_ids).toEqual([messageId]);
    expect(events[2]).toMatchObject({ attachment: { id } });
  });

  it('shows a linked image inline, as Zulip does, and finds it with has:image', async () => {
    const uri = await uploaded(alice, 'sketch.png');
    const messageId = await org.sendStream(
      alice,
      'design',
      'sketches',
      `First draft: [sketch.png](${uri})`,
    );
    const message = (await org.api(bob)('GET', `/messages/${messageId}`)).json.message as {
      content: string;
    };
    expect(message.content).toBe(
      `<p>First draft: <a href="${uri}">sketch.png</a></p>\n` +
        `<div class="message_inline_image"><a href="${uri}" title="sketch.png">` +
        `<img data-original-content-type="image/png" data-original-dimensions="8x8" src="${uri}"></a></div>`,
    );
    const found = await org.api(bob)('GET', '/messages', {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: 'has', operand: 'image' }],
    });
    expect((found.json.messages as { id: number }[]).map((m) => m.id)).toContain(messageId);
  });

  it('stops linking a file that an edit takes out of the message', async () => {
    const uri = await uploaded(alice, 'draft.png');
    const messageId = await org.sendStream(alice, 'design', 'drafts', `[draft.png](${uri})`);
    const linked = async () =>
      (await attachments(alice)).attachments.find((a) => uri.endsWith(a.path_id))?.message_ids ??
      [];
    expect(await linked()).toEqual([messageId]);
    await org.api(alice)('PATCH', `/messages/${messageId}`, { content: 'never mind' });
    expect(await linked()).toEqual([]);
    expect((await fetchFile(uri, bob)).status).toBe(403);
  });

  it('answers an edit with the uploads of the editor it left unlinked (detached_uploads)', async () => {
    const kept = await uploaded(alice, 'kept.png');
    const dropped = await uploaded(alice, 'dropped.png');
    const elsewhere = await uploaded(alice, 'elsewhere.png');
    const bobs = await uploaded(bob, 'bobs.png');
    await org.sendStream(bob, 'design', 'drafts', `[bobs.png](${bobs})`);
    await org.sendStream(alice, 'design', 'other', `[elsewhere.png](${elsewhere})`);
    const messageId = await org.sendStream(
      alice,
      'design',
      'drafts',
      [kept, dropped, elsewhere, bobs].map((uri) => `[f](${uri})`).join(' '),
    );
    const answer = await org.api(alice)('PATCH', `/messages/${messageId}`, {
      content: `only [kept.png](${kept})`,
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const droppedRow = (await attachments(alice)).attachments.find((a) =>
      dropped.endsWith(a.path_id),
    );
    expect(answer.json).toEqual({
      result: 'success',
      msg: '',
      detached_uploads: [droppedRow],
    });
    const topicOnly = await org.api(alice)('PATCH', `/messages/${messageId}`, { topic: 'moved' });
    expect(topicOnly.json).toEqual({ result: 'success', msg: '', detached_uploads: [] });
  });

  it("keeps a name as Zulip's sanitize_name does in the file's URL", () => {
    expect(sanitizeFileName('Team photo (1).png')).toBe('Team-photo-1.png');
    expect(sanitizeFileName('Über  café – menu.pdf')).toBe('Über-café-menu.pdf');
    expect(sanitizeFileName('!!!')).toBe('uploaded-file');
  });
});
