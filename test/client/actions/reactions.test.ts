import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../../src-main/client/api';
import type { Cache } from '../../../src-main/client/cache/accountCache';
import { emojiChoices } from '../../../src-main/client/rules/composeAids';
import {
  AccountReactions,
  emojiPicker,
  reactionChips,
  unicodeNamesOf,
} from '../../../src-main/client/actions/reactions';
import type { InitialState } from '../../../src-main/wire/registerState';
import { bob, cacheHolding, carol, event, me, streamMessage } from '../cache/fixtures';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A loopback server of Zulip's emoji data file, counting how often it is read. */
async function emojiDataServer(codeToNames: Record<string, string[]>) {
  const served = { count: 0 };
  const server = createServer((_request, response) => {
    served.count += 1;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code_to_names: codeToNames }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/static/generated/emoji/emoji_api.abc.json`, served };
}

/** A loopback server of one PNG, as a server serves an organization's emoji. */
async function emojiImageServer() {
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(png);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { serverUrl: `http://127.0.0.1:${port}`, png };
}

const names = new Map([
  [me.id, 'Me'],
  [bob.id, 'Bob'],
  [carol.id, 'Carol'],
]);
const nameOf = (id: number) => names.get(id) ?? 'Someone';
const tada = { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji' };

function reactionsOf(
  cache: Cache,
  state: InitialState,
  options: { online?: boolean; serverUrl?: string } = {},
) {
  const sent: unknown[] = [];
  const reactions = new AccountReactions({
    cache,
    api: () => ({
      ...createApi({ serverUrl: 'http://127.0.0.1:9', email: me.email, apiKey: 'key' }),
      changeReaction: async (...args) => {
        sent.push(args);
      },
    }),
    state: () => state,
    online: () => options.online ?? true,
    serverUrl: () => options.serverUrl ?? 'https://chat.example.test',
    fetchImage: fetch,
    log: () => undefined,
  });
  return { reactions, sent };
}

describe('reaction chips', () => {
  it('groups reactions by emoji, counts them, names who reacted and marks the viewer’s', () => {
    const chips = reactionChips(
      [
        { ...tada, user_id: bob.id },
        { ...tada, user_id: me.id },
        {
          emoji_name: 'octopus',
          emoji_code: '1f419',
          reaction_type: 'unicode_emoji',
          user_id: carol.id,
        },
        { emoji_name: 'hearth', emoji_code: '7', reaction_type: 'realm_emoji', user_id: bob.id },
      ],
      {
        ownUserId: me.id,
        nameOf,
        custom: new Map([['7', { url: 'https://chat.example.test/user_avatars/2/emoji/7.png' }]]),
      },
    );
    expect(
      chips.map(({ name, glyph, count, reacted, names, userIds }) => ({
        name,
        glyph,
        count,
        reacted,
        names,
        userIds,
      })),
    ).toEqual([
      {
        name: 'tada',
        glyph: '🎉',
        count: 2,
        reacted: true,
        names: ['You', 'Bob'],
        // In the order of the names, for the window to name a muted person "Muted user".
        userIds: [me.id, bob.id],
      },
      {
        name: 'octopus',
        glyph: '🐙',
        count: 1,
        reacted: false,
        names: ['Carol'],
        userIds: [carol.id],
      },
      { name: 'hearth', glyph: null, count: 1, reacted: false, names: ['Bob'], userIds: [bob.id] },
    ]);
    expect(chips[2]?.imageUrl).toBe('https://chat.example.test/user_avatars/2/emoji/7.png');
  });
});

describe('the server’s emoji names', () => {
  it('are fetched once per server_emoji_data_url, kept in the cache, and name the picker and compose box', async () => {
    const { url, served } = await emojiDataServer({
      '1f389': ['party', 'tada'],
      '1f44d': ['+1', 'thumbs_up'],
    });
    const cache = cacheHolding([]);
    const state = { server_emoji_data_url: url } as InitialState;
    const { reactions } = reactionsOf(cache, state);
    await reactions.refreshServerNames();
    await reactions.refreshServerNames();
    expect(served.count).toBe(1);
    expect(cache.serverEmoji()?.url).toBe(url);

    const picker = reactions.picker();
    const offered = picker.categories.flatMap((category) => category.emoji);
    expect(offered.map((emoji) => emoji.name)).toEqual(['+1', 'party']);
    expect(offered[1]?.aliases).toEqual(['tada']);
    const compose = emojiChoices(state, 'https://chat.example.test', reactions.unicodeNames());
    expect(compose.map((choice) => choice.name)).toEqual(['+1', 'party', 'tada', 'thumbs_up']);
  });

  it('are fetched again when the server names another file (a new version)', async () => {
    const first = await emojiDataServer({ '1f389': ['tada'] });
    const second = await emojiDataServer({ '1f389': ['party_popper'] });
    const cache = cacheHolding([]);
    const state: Record<string, unknown> = { server_emoji_data_url: first.url };
    const { reactions } = reactionsOf(cache, state as InitialState);
    await reactions.refreshServerNames();
    state['server_emoji_data_url'] = second.url;
    await reactions.refreshServerNames();
    expect(reactions.unicodeNames()('1f389')).toEqual(['party_popper']);
  });

  it('fall back to the emoji data package’s when the server names no file', async () => {
    const cache = cacheHolding([]);
    const { reactions } = reactionsOf(cache, {} as InitialState);
    await reactions.refreshServerNames();
    expect(cache.serverEmoji()).toBeNull();
    expect(reactions.unicodeNames()('1f389')).toContain('tada');
    expect(unicodeNamesOf(null)('1f44d')[0]).toBe('+1');
    const frequent = emojiPicker(unicodeNamesOf(null), new Map(), []).frequent;
    expect(frequent[0]).toBe('unicode_emoji:1f44d');
  });

  it('offer the reader’s most used first, a custom emoji’s ID apart from an all-digit Unicode code', () => {
    const custom = new Map([['7', { name: 'hearth', url: 'https://chat.example.test/7.png' }]]);
    const picker = emojiPicker(unicodeNamesOf(null), custom, [
      'realm_emoji:7',
      'unicode_emoji:2764',
      'realm_emoji:2764',
    ]);
    expect(picker.frequent.slice(0, 3)).toEqual([
      'realm_emoji:7',
      'unicode_emoji:2764',
      'unicode_emoji:1f44d',
    ]);
    expect(picker.categories[0]).toMatchObject({ name: 'Custom', emoji: [{ name: 'hearth' }] });
  });
});

describe('toggling a reaction', () => {
  const tadaEmoji = { name: 'tada', code: '1f389', type: 'unicode_emoji' };

  it('adds the viewer’s reaction, or removes it when they have it', async () => {
    const cache = cacheHolding([streamMessage(1), streamMessage(2)]);
    cache.applyEvents([event('reaction', { op: 'add', message_id: 2, user_id: me.id, ...tada })]);
    const { reactions, sent } = reactionsOf(cache, {} as InitialState);
    await reactions.toggle(1, tadaEmoji);
    await reactions.toggle(2, tadaEmoji);
    expect(sent).toEqual([
      [1, tadaEmoji, 'add'],
      [2, tadaEmoji, 'remove'],
    ]);
  });

  it('is refused offline with a notice, and nothing is sent later', async () => {
    const cache = cacheHolding([streamMessage(1)]);
    const { reactions, sent } = reactionsOf(cache, {} as InitialState, { online: false });
    await expect(reactions.toggle(1, tadaEmoji)).rejects.toThrow(/offline/);
    expect(sent).toEqual([]);
  });
});

describe('a custom emoji’s picture', () => {
  it('is fetched from the organization’s server and handed over as a data: URL', async () => {
    const { serverUrl, png } = await emojiImageServer();
    const state = {
      realm_emoji: {
        '7': { id: '7', name: 'hearth', source_url: '/user_avatars/2/emoji/images/7.png' },
      },
    } as unknown as InitialState;
    const { reactions } = reactionsOf(cacheHolding([]), state, { serverUrl });
    const url = `${serverUrl}/user_avatars/2/emoji/images/7.png`;
    expect(await reactions.emojiImage(url)).toBe(`data:image/png;base64,${png.toString('base64')}`);
  });

  it('is refused for any URL that is not one of the organization’s emoji', async () => {
    const { serverUrl } = await emojiImageServer();
    const { reactions } = reactionsOf(cacheHolding([]), {} as InitialState, { serverUrl });
    await expect(reactions.emojiImage(`${serverUrl}/api/v1/users/me`)).rejects.toThrow(
      /Not an emoji/,
    );
  });
});
