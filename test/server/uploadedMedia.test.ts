import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gif } from '../helpers/imageBytes';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { multipart, solidPng } from '../helpers/uploads';

// Zulip 12's markup for the files a message links (image previews with the
// original's size and type, audio players, inline video), what it says of
// thumbnails, and its attachment objects.

const basic = (user: TestUser) =>
  `Basic ${Buffer.from(`${user.email}:${user.apiKey}`).toString('base64')}`;

describe('uploaded media in messages', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const uploaded = async (user: TestUser, filename: string, data: Buffer, type: string) => {
    const { body, type: contentType } = multipart([{ filename, data, type }]);
    const response = await fetch(`${org.url}/api/v1/user_uploads`, {
      method: 'POST',
      headers: { Authorization: basic(user), 'Content-Type': contentType },
      body: new Uint8Array(body),
    });
    const json = (await response.json()) as { url: string };
    expect(response.status, JSON.stringify(json)).toBe(200);
    return json.url;
  };
  const contentOf = async (messageId: number) =>
    ((await org.api(bob)('GET', `/messages/${messageId}`)).json.message as { content: string })
      .content;
  const send = (content: string) => org.sendStream(alice, 'design', 'media', content);

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
  });
  afterAll(() => org?.close());

  it("previews an uploaded image with the original's size and type, showing the original itself", async () => {
    const url = await uploaded(alice, 'sketch.png', solidPng(8, [30, 120, 200]), 'image/png');
    const messageId = await send(`First draft: [sketch.png](${url})`);
    expect(await contentOf(messageId)).toBe(
      `<p>First draft: <a href="${url}">sketch.png</a></p>\n` +
        `<div class="message_inline_image"><a href="${url}" title="sketch.png">` +
        `<img data-original-content-type="image/png" data-original-dimensions="8x8" src="${url}"></a></div>`,
    );
  });

  it('shows an uploaded image written as media where it stands, found by has:image, and only an upload', async () => {
    const url = await uploaded(alice, 'inline.png', solidPng(6, [200, 10, 10]), 'image/png');
    const content = `A dot: ![red dot](${url}), and ![logo](https://example.com/logo.png)`;
    const messageId = await send(content);
    expect(await contentOf(messageId)).toBe(
      `<p>A dot: <img alt="red dot" class="inline-image" data-original-content-type="image/png" ` +
        `data-original-dimensions="6x6" data-original-src="${url}" src="${url}">, ` +
        `and !<a href="https://example.com/logo.png">logo</a></p>`,
    );
    const found = await org.api(bob)('GET', '/messages', {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: 'has', operand: 'image' }],
    });
    expect((found.json.messages as { id: number }[]).map((m) => m.id)).toContain(messageId);
  });

  it('marks an image that moves as animated', async () => {
    const url = await uploaded(alice, 'wave.gif', gif(64, 48, 2), 'image/gif');
    expect(await contentOf(await send(`[wave](${url})`))).toBe(
      `<p><a href="${url}">wave</a></p>\n` +
        `<div class="message_inline_image"><a href="${url}" title="wave">` +
        `<img data-animated="true" data-original-content-type="image/gif" data-original-dimensions="64x48" src="${url}"></a></div>`,
    );
  });

  it('previews no upload that Zulip would not: bytes that are no image, a BMP, a file never uploaded', async () => {
    const fake = await uploaded(
      alice,
      'fake.png',
      Buffer.from('not a picture at all'),
      'image/png',
    );
    const bitmap = await uploaded(alice, 'old.bmp', Buffer.from('BM not really'), 'image/bmp');
    const missing = '/user_uploads/1/ab/nothingHereAtAll0000000/none.png';
    const content = `[fake.png](${fake}) [old.bmp](${bitmap}) [none.png](${missing})`;
    expect(await contentOf(await send(content))).toBe(
      `<p><a href="${fake}">fake.png</a> <a href="${bitmap}">old.bmp</a> <a href="${missing}">none.png</a></p>`,
    );
  });

  it('plays an uploaded sound written as media where it stands, and claims the file', async () => {
    const url = await uploaded(alice, 'take.mp3', Buffer.from('ID3 sound'), 'audio/mpeg');
    const other = await uploaded(alice, 'take.ogg', Buffer.from('OggS sound'), 'audio/ogg');
    const messageId = await send(`Listen: ![take one](${url}), or ![the ogg](${other})`);
    expect(await contentOf(messageId)).toBe(
      `<p>Listen: <audio controls preload="metadata" src="${url}" title="take one"></audio>, ` +
        `or !<a href="${other}">the ogg</a></p>`,
    );
    const attachments = (await org.api(alice)('GET', '/attachments')).json.attachments as {
      path_id: string;
      message_ids: number[];
    }[];
    expect(attachments.find((a) => url.endsWith(a.path_id))?.message_ids).toEqual([messageId]);
  });

  it('shows uploaded MP4, WebM and QuickTime videos inline', async () => {
    const mov = await uploaded(alice, 'clip.mov', Buffer.from('moov'), 'video/quicktime');
    const mp4 = await uploaded(alice, 'clip.mp4', Buffer.from('ftyp'), 'video/mp4');
    const video = (url: string, title: string) =>
      `<div class="message_inline_image message_inline_video"><a href="${url}" title="${title}">` +
      `<video preload="metadata" src="${url}"></video></a></div>`;
    expect(await contentOf(await send(`[clip.mov](${mov}) and [clip.mp4](${mp4})`))).toBe(
      `<p><a href="${mov}">clip.mov</a> and <a href="${mp4}">clip.mp4</a></p>\n` +
        video(mov, 'clip.mov') +
        video(mp4, 'clip.mp4'),
    );
  });

  it('lists no thumbnail formats in register, as a server that makes no thumbnails', async () => {
    const state = (await org.api(alice)('POST', '/register', { fetch_event_types: ['realm'] }))
      .json;
    expect(state.server_thumbnail_formats).toEqual([]);
  });

  it("answers a file's thumbnail status: none, to whoever may read it, and Zulip's errors otherwise", async () => {
    const url = await uploaded(alice, 'status.png', solidPng(4, [0, 0, 0]), 'image/png');
    const status = (user: TestUser, path: string) =>
      fetch(`${org.url}/api/v1/thumbnail/status/${path.replace('/user_uploads/', '')}`, {
        headers: { Authorization: basic(user) },
      });
    const own = await status(alice, url);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ result: 'success', msg: '', has_thumbnail: false });
    const unshared = await status(bob, url);
    expect(unshared.status).toBe(403);
    expect(await unshared.json()).toMatchObject({
      result: 'error',
      msg: 'You are not authorized to view this file.',
    });
    const missing = await status(alice, '/user_uploads/1/ab/nothingHereAtAll0000000/none.png');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ result: 'error', msg: 'File not found.' });
  });

  it('lists attachments with the IDs of the messages that link them, created in seconds', async () => {
    const url = await uploaded(alice, 'listed.png', solidPng(2, [9, 9, 9]), 'image/png');
    const before = Math.floor(Date.now() / 1000);
    const messageId = await send(`[listed.png](${url})`);
    const listed = (
      (await org.api(alice)('GET', '/attachments')).json.attachments as Record<string, unknown>[]
    ).find((a) => url.endsWith(String(a.path_id)));
    expect(listed?.message_ids).toEqual([messageId]);
    expect(Number(listed?.create_time)).toBeGreaterThanOrEqual(before - 60);
    expect(Number(listed?.create_time)).toBeLessThanOrEqual(before + 60);
    expect(listed).not.toHaveProperty('messages');
  });
});
