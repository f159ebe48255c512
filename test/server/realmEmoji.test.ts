import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { multipart, sendCutOff, solidPng, type Part } from '../helpers/uploads';

// Zulip 7.0's custom emoji: POST /realm/emoji/{emoji_name}, GET /realm/emoji,
// DELETE /realm/emoji/{emoji_name}, the images at /user_avatars/..., the
// realm_emoji events and register state, and :name: in messages.

const green = solidPng(16, [40, 160, 80]);
const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(20, 1)]);

const basic = (user: TestUser) =>
  `Basic ${Buffer.from(`${user.email}:${user.apiKey}`).toString('base64')}`;

interface EmojiDict {
  id: string;
  name: string;
  source_url: string;
  deactivated: boolean;
  author_id: number | null;
  still_url: string | null;
}

describe('custom emoji', () => {
  let org: Org;
  let owner: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let gus: TestUser;

  const upload = async (user: TestUser, name: string, parts: readonly Part[]) => {
    const { body, type } = multipart(parts);
    const response = await fetch(`${org.url}/api/v1/realm/emoji/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { Authorization: basic(user), 'Content-Type': type },
      body: new Uint8Array(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const uploadImage = (user: TestUser, name: string, data = green, filename = 'emoji.png') =>
    upload(user, name, [{ filename, data, type: 'image/png' }]);
  const list = async (user: TestUser = alice) => {
    const answer = await org.api(user)('GET', '/realm/emoji');
    expect(answer.status).toBe(200);
    return Object.values(answer.json.emoji as Record<string, EmojiDict>);
  };
  const byName = async (name: string) => (await list()).find((emoji) => emoji.name === name);
  const rowsInDatabase = () => {
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'), { readonly: true });
    try {
      return (
        db
          .prepare(
            'SELECT (SELECT COUNT(*) FROM realm_emoji) + (SELECT COUNT(*) FROM realm_emoji_images) AS n',
          )
          .get() as { n: number }
      ).n;
    } finally {
      db.close();
    }
  };
  const rendered = async (content: string) => {
    const id = await org.sendStream(alice, 'design', 'emoji', content);
    return (await org.api(alice)('GET', `/messages/${id}`)).json.message.content as string;
  };

  beforeAll(async () => {
    org = await startOrg();
    owner = org.owner;
    alice = await org.user('alice');
    bob = await org.user('bob');
    gus = await org.user('gus');
    const asOwner = org.api(owner);
    expect((await asOwner('PATCH', `/users/${gus.id}`, { role: 600 })).status).toBe(200);
    await org.subscribe(alice, 'design');
  });
  afterAll(() => org?.close());

  it("stores an emoji a member uploads, lists it in Zulip's shape and serves its image to anyone", async () => {
    const answer = await uploadImage(alice, 'party parrot');
    expect(answer).toEqual({ status: 200, json: { result: 'success', msg: '' } });
    const emoji = await byName('party_parrot');
    expect(emoji).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name: 'party_parrot',
      source_url: expect.stringMatching(/^\/user_avatars\/1\/emoji\/images\/[0-9a-f]{8}\.png$/),
      deactivated: false,
      author_id: alice.id,
      still_url: null,
    });
    // A message's <img> sends no credentials; Zulip serves emoji images to all.
    const image = await fetch(`${org.url}${emoji?.source_url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(green);
    // Guests see the list too: Zulip's list_emoji checks nothing.
    expect((await list(gus)).map((e) => e.name)).toContain('party_parrot');
    expect((await fetch(`${org.url}/user_avatars/1/emoji/images/00000000.png`)).status).toBe(404);
  });

  it('renders :name: as the emoji image, before a Unicode emoji of the same name', async () => {
    const parrot = await byName('party_parrot');
    expect(await rendered('Look :party_parrot: here')).toBe(
      `<p>Look <img alt=":party_parrot:" class="emoji" src="${parrot?.source_url}" title="party parrot"> here</p>`,
    );
    expect((await uploadImage(owner, 'smile', gif, 'smile.gif')).status).toBe(200);
    const smile = await byName('smile');
    expect(smile?.source_url).toMatch(/\.gif$/);
    expect(await rendered(':smile:')).toBe(
      `<p><img alt=":smile:" class="emoji" src="${smile?.source_url}" title="smile"></p>`,
    );
  });

  it("refuses bad uploads with Zulip's words and stores nothing of them", async () => {
    const before = rowsInDatabase();
    const png = [{ filename: 'a.png', data: green, type: 'image/png' }];
    const refusals: [TestUser, string, Part[], string][] = [
      [
        alice,
        'Bad',
        png,
        'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
      ],
      [
        alice,
        'dot.name',
        png,
        'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
      ],
      [alice, 'trailing_', png, 'Emoji names must end with either a letter or digit.'],
      [alice, 'dash-', png, 'Emoji names must end with either a letter or digit.'],
      [alice, ' ', png, 'Emoji name is missing'],
      [alice, 'party_parrot', png, 'A custom emoji with this name already exists.'],
      [alice, 'none', [], 'You must upload exactly one file.'],
      // The host refuses a second file while it reads the form, as for every upload.
      [
        alice,
        'two',
        [...png, { filename: 'b.png', data: green }],
        'You may only upload one file at a time',
      ],
      [alice, 'tada', png, 'Only administrators can override built-in emoji.'],
      [
        alice,
        'text',
        [{ filename: 'a.txt', data: Buffer.from('hello'), type: 'image/png' }],
        'Invalid image format',
      ],
      [
        alice,
        'svg',
        [
          {
            filename: 'a.svg',
            data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
            type: 'image/svg+xml',
          },
        ],
        'Invalid image format',
      ],
      [
        alice,
        'huge',
        [{ filename: 'a.png', data: Buffer.concat([green, Buffer.alloc(5 * 1024 * 1024)]) }],
        'Uploaded file is larger than the allowed limit of 5 MiB',
      ],
      [gus, 'guest', png, 'Not allowed for guest users'],
    ];
    for (const [user, name, parts, msg] of refusals) {
      const answer = await upload(user, name, parts);
      expect(answer, msg).toMatchObject({
        status: 400,
        json: { result: 'error', msg, code: 'BAD_REQUEST' },
      });
    }
    expect(rowsInDatabase()).toBe(before);
  });

  it('stores nothing of an upload cut off in the middle of its image', async () => {
    const before = rowsInDatabase();
    await sendCutOff(org, basic(alice), '/api/v1/realm/emoji/cut', [
      { filename: 'cut.png', data: Buffer.concat([green, Buffer.alloc(2 * 1024 * 1024)]) },
    ]);
    expect((await org.api(alice)('GET', '/users/me')).status).toBe(200);
    expect(rowsInDatabase()).toBe(before);
    expect(await byName('cut')).toBeUndefined();
  });

  it('tells everyone of a change with the whole dict, and register reports the same', async () => {
    const queues = await Promise.all(
      [alice, gus].map(
        async (user) =>
          (await org.api(user)('POST', '/register', { event_types: ['realm_emoji', 'realm'] }))
            .json,
      ),
    );
    expect(queues[0].max_emoji_file_size_mib).toBe(5);
    expect(queues[0].realm_add_custom_emoji_policy).toBe(1);
    expect(Object.values(queues[0].realm_emoji as Record<string, EmojiDict>).length).toBe(2);
    expect((await uploadImage(bob, 'shipit')).status).toBe(200);
    const fresh = (await org.api(alice)('GET', '/realm/emoji')).json.emoji;
    for (const [user, queue] of [alice, gus].map((u, i) => [u, queues[i]] as const)) {
      const events = (
        await org.api(user)('GET', '/events', {
          queue_id: queue.queue_id,
          last_event_id: -1,
          dont_block: true,
        })
      ).json.events;
      expect(events).toEqual([{ id: 0, type: 'realm_emoji', op: 'update', realm_emoji: fresh }]);
    }
  });

  it('lets the author or an administrator remove an emoji, which stays listed as deactivated', async () => {
    expect(await org.api(alice)('DELETE', '/realm/emoji/shipit')).toMatchObject({
      status: 400,
      json: {
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Must be an organization administrator or emoji author',
      },
    });
    expect(await org.api(alice)('DELETE', '/realm/emoji/nothing_here')).toMatchObject({
      status: 404,
      json: { result: 'error', code: 'BAD_REQUEST', msg: "Emoji 'nothing_here' does not exist" },
    });
    const before = await rendered(':shipit:');
    expect(before).toContain('<img alt=":shipit:"');
    expect((await org.api(bob)('DELETE', '/realm/emoji/shipit')).status).toBe(200);
    expect(await byName('shipit')).toMatchObject({ deactivated: true, author_id: bob.id });
    // Deactivated: no longer drawn in new messages, but an old one keeps its picture.
    expect(await rendered(':shipit:')).toBe('<p>:shipit:</p>');
    const source = (await byName('shipit'))?.source_url;
    expect((await fetch(`${org.url}${source}`)).status).toBe(200);
    // Removing it twice finds nothing; an administrator removes anyone's; the name is free again.
    expect(await org.api(bob)('DELETE', '/realm/emoji/shipit')).toMatchObject({
      status: 404,
      json: { code: 'BAD_REQUEST', msg: "Emoji 'shipit' does not exist" },
    });
    expect((await org.api(owner)('DELETE', '/realm/emoji/party_parrot')).status).toBe(200);
    expect((await uploadImage(alice, 'shipit')).status).toBe(200);
    const shipits = (await list()).filter((emoji) => emoji.name === 'shipit');
    expect(shipits.map((emoji) => emoji.deactivated)).toEqual([true, false]);
  });

  it('reacts with a custom emoji by name or by id, and refuses a wrong or deactivated one', async () => {
    const id = await org.sendStream(alice, 'design', 'emoji', 'react to me');
    const active = (await list()).find((emoji) => emoji.name === 'shipit' && !emoji.deactivated);
    const removed = (await list()).find((emoji) => emoji.name === 'party_parrot');
    const reactTo = (message: number, params: Record<string, unknown>) =>
      org.api(alice)('POST', `/messages/${message}/reactions`, params);
    const react = (params: Record<string, unknown>) => reactTo(id, params);
    // Zulip's get_emoji_data: the organization's emoji first, even over a Unicode name.
    expect((await react({ emoji_name: 'smile' })).status).toBe(200);
    expect((await react({ emoji_name: 'shipit' })).status).toBe(200);
    const reactions = (await org.api(alice)('GET', `/messages/${id}`)).json.message.reactions;
    const smile = await byName('smile');
    expect(reactions).toEqual([
      expect.objectContaining({
        emoji_name: 'smile',
        emoji_code: smile?.id,
        reaction_type: 'realm_emoji',
      }),
      expect.objectContaining({
        emoji_name: 'shipit',
        emoji_code: active?.id,
        reaction_type: 'realm_emoji',
      }),
    ]);
    // On a message no one has reacted to: joining a reaction skips these checks, as on Zulip.
    const fresh = await org.sendStream(alice, 'design', 'emoji', 'no reactions yet');
    const refusals: [Record<string, unknown>, string][] = [
      [
        { emoji_name: 'shipit', emoji_code: '999999', reaction_type: 'realm_emoji' },
        'Invalid custom emoji.',
      ],
      [
        { emoji_name: 'shipit', emoji_code: 'abc', reaction_type: 'realm_emoji' },
        'Invalid custom emoji.',
      ],
      [
        { emoji_name: 'other', emoji_code: active?.id, reaction_type: 'realm_emoji' },
        'Invalid custom emoji name.',
      ],
      [
        { emoji_name: 'party_parrot', emoji_code: removed?.id, reaction_type: 'realm_emoji' },
        'This custom emoji has been deactivated.',
      ],
      [{ emoji_name: 'party_parrot' }, "Emoji 'party_parrot' does not exist"],
    ];
    for (const [params, msg] of refusals) {
      expect(await reactTo(fresh, params), msg).toMatchObject({
        status: 400,
        json: { result: 'error', code: 'BAD_REQUEST', msg },
      });
    }
  });

  it('tells a client with individual_emoji_changes only what changed (Zulip 12, level 491)', async () => {
    const registerWith = async (capabilities: Record<string, boolean>) =>
      (
        await org.api(alice)('POST', '/register', {
          event_types: ['realm_emoji'],
          client_capabilities: capabilities,
        })
      ).json.queue_id as string;
    const modern = await registerWith({ individual_emoji_changes: true });
    const legacy = await registerWith({});
    expect((await uploadImage(bob, 'one_by_one')).status).toBe(200);
    const added = await byName('one_by_one');
    expect((await org.api(bob)('DELETE', '/realm/emoji/one_by_one')).status).toBe(200);
    const eventsOf = async (queue: string) =>
      (await org.api(alice)('GET', '/events', { queue_id: queue, dont_block: true })).json
        .events as Record<string, unknown>[];
    expect(await eventsOf(modern)).toEqual([
      { id: 0, type: 'realm_emoji', op: 'add', emoji: added },
      {
        id: 1,
        type: 'realm_emoji',
        op: 'update_one',
        emoji_id: added?.id,
        data: { deactivated: true },
      },
    ]);
    const whole = (await org.api(alice)('GET', '/realm/emoji')).json.emoji;
    const legacyEvents = await eventsOf(legacy);
    expect(legacyEvents.map((event) => event.op)).toEqual(['update', 'update']);
    expect(legacyEvents[1]).toEqual({
      id: 1,
      type: 'realm_emoji',
      op: 'update',
      realm_emoji: whole,
    });
  });

  it('keeps the emoji, the deactivated ones too, across a restart', async () => {
    const before = await list();
    await org.restart();
    expect(await list()).toEqual(before);
    const state = (
      await org.api(alice)('POST', '/register', { fetch_event_types: ['realm_emoji'] })
    ).json;
    expect(Object.values(state.realm_emoji as Record<string, EmojiDict>)).toEqual(before);
    const shipit = before.find((emoji) => emoji.name === 'shipit' && !emoji.deactivated);
    expect(await rendered(':shipit:')).toContain(`src="${shipit?.source_url}"`);
  });
});
