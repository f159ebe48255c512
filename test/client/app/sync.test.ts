import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HearthApp } from '../../../src-main/client/app/hearthApp';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import type { Message } from '../../../src-preload/bridge';
import {
  connected,
  eventually,
  joinWithKey,
  testApps,
  type TestHearth,
} from '../../helpers/hearth';
import { startOrg, type ApiCall, type Org, type TestUser } from '../../helpers/org';
import { serverKinds, type TestServer } from '../../helpers/serverKinds';

// The sync of issue 13, point 4: whatever happens to the link, every message
// others sent reaches the cache exactly once, in ID order; edits and deletions
// made meanwhile show; read state matches the server's.

const idleMs = 1_500;
let org: Org;
let owner: TestUser;
let bob: TestUser;
let kitchenId: number;

const send = async (content: string, topic = 'soup') =>
  (await org.api(bob)('POST', '/messages', { type: 'stream', to: 'kitchen', topic, content })).json
    .id as number;

beforeAll(async () => {
  org = await startOrg({ queueTimeouts: { heartbeatMs: 500, idleMs } });
  owner = org.owner;
  bob = await org.user('bob');
  for (const user of [owner, bob]) await org.subscribe(user, 'kitchen');
  kitchenId = (await org.api(owner)('GET', '/get_stream_id', { stream: 'kitchen' })).json.stream_id;
});

afterAll(() => org.close());

const apps = testApps(createMemorySecretStore());
afterEach(() => apps.stopAll());

/** An app signed in as the user (the owner of the Hearth-only tests' host), or restarted on its profile. */
async function signedInApp(
  profileDir?: string,
  at: { url: string; me: TestUser } = { url: org.url, me: owner },
): Promise<TestHearth> {
  const hearth = await apps.start(profileDir);
  if (!profileDir) await joinWithKey(hearth.app, at.url, at.me);
  return hearth;
}

// What the cache holds of the stream, read without asking the server, and
// only within ranges it holds complete: what an offline window would show.
const cachedIds = async (app: HearthApp, streamId = kitchenId) =>
  app
    .active()
    .cache.messagesInNarrow(
      { kind: 'stream', streamId },
      {
        anchor: 'newest',
        before: 1000,
      },
    )
    .messages.map((message) => message.id);

const serverIds = async (api: ApiCall = org.api(owner), streamId = kitchenId): Promise<number[]> =>
  (
    await api('GET', '/messages', {
      anchor: 'newest',
      num_before: 1000,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: streamId }],
    })
  ).json.messages.map((message: Message) => message.id);

describe('sync without gaps, on a Hearth host killed and restarted', () => {
  it('catches up, exactly once and in order, on what others sent while it was offline past the queue time-out', async () => {
    const { app } = await signedInApp();
    await connected(app);
    const before = await send('before the cable came out');
    await eventually('the first message is cached', async () =>
      (await cachedIds(app)).includes(before),
    );

    apps.link.offline = true;
    await eventually('the window says offline', () => app.active().connection.state === 'offline');
    expect(app.active().connection.offlineSince).toEqual(expect.any(Number));
    const missed = [await send('one'), await send('two'), await send('three', 'stew')];
    // Long enough for the server to collect the idle queue.
    await new Promise((resolve) => setTimeout(resolve, idleMs * 2.5));
    apps.link.offline = false;

    await connected(app);
    const ids = await cachedIds(app);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(await serverIds());
    for (const id of [before, ...missed]) expect(ids).toContain(id);
  });

  it('resumes its queue when its host is killed and restarted, receiving what was sent after the restart', async () => {
    const { app } = await signedInApp();
    await connected(app);

    await org.stop();
    await eventually('the window says offline', () => app.active().connection.state === 'offline');
    await org.start();
    const after = await send('sent while the client was still backing off');

    await eventually('the message is cached', async () => (await cachedIds(app)).includes(after));
    const ids = await cachedIds(app);
    expect(ids).toEqual(await serverIds());
  });
});

// What does not rest on killing the host or on its queue's time-out holds
// against a modern Zulip server too.
describe.each(serverKinds)('sync against $name', (kind) => {
  let server: TestServer;
  const channel = () => server.channels[0];

  beforeAll(async () => {
    server = await kind.start();
  });

  afterAll(() => server.close());

  it('after its own restart catches up, shows edits and deletions made meanwhile, and counts unread as the server does', async () => {
    const first = await signedInApp(undefined, server);
    await connected(first.app);
    const edited = await server.send(server.other, channel(), 'soup', 'a first draft');
    const deleted = await server.send(server.other, channel(), 'soup', 'a mistake');
    await eventually('both messages are cached', async () => {
      const ids = await cachedIds(first.app, channel().id);
      return ids.includes(edited) && ids.includes(deleted);
    });
    await apps.stop(first);

    await server.api(server.other)('PATCH', `/messages/${edited}`, { content: 'the final text' });
    await server.api(server.admin)('DELETE', `/messages/${deleted}`);
    const missed = [
      await server.send(server.other, channel(), 'soup', 'while you were away'),
      await server.send(server.other, channel(), 'soup', 'and this too'),
    ];

    const second = await signedInApp(first.profileDir, server);
    await connected(second.app);
    // Caught up in the cache itself, before any narrow is refreshed.
    await eventually('the missed messages are cached', async () => {
      const ids = await cachedIds(second.app, channel().id);
      return missed.every((id) => ids.includes(id));
    });
    // Opening the stream shows the cache at once, then the server's fresh
    // page corrects it: the edit and the deletion arrive as a feed change.
    const corrected = new Promise<{ upserted: Message[]; deleted: number[] }>((resolve) => {
      second.service.subscribe((event, payload) => {
        if (event === 'feed' && 'deleted' in payload && payload.deleted.includes(deleted)) {
          resolve(payload);
        }
      });
    });
    const page = await second.service.openNarrow({
      narrow: { kind: 'stream', streamId: channel().id },
    });
    expect(page.messages.map((message) => message.id)).toContain(deleted);
    const change = await corrected;
    expect(change.upserted.find((message) => message.id === edited)?.content).toContain(
      'the final text',
    );
    const ids = await cachedIds(second.app, channel().id);
    expect(ids).toEqual(await serverIds(server.api(server.me), channel().id));
    expect(ids).not.toContain(deleted);
    for (const id of missed) expect(ids).toContain(id);

    const registered = await server.api(server.me)('POST', '/register', {
      fetch_event_types: ['message', 'update_message_flags'],
    });
    const serverUnread = registered.json.unread_msgs.count as number;
    await eventually(
      'unread counts match the server',
      () => second.app.active().summary(false, false).unreadCount === serverUnread,
    );
  });

  it('shows a live edit or move of a message far above the newest page of the open narrow', async () => {
    const { app, service } = await signedInApp(undefined, server);
    await connected(app);
    const old = await server.send(server.other, channel(), 'archive', 'the old recipe');
    const later: number[] = [];
    for (let index = 0; index < 60; index += 1)
      later.push(await server.send(server.other, channel(), 'archive', `filler ${index}`));
    const topic = { kind: 'stream' as const, streamId: channel().id, topic: 'archive' };
    await service.openNarrow({ narrow: topic });
    await service.loadOlder({ narrow: topic, beforeId: later[0] ?? 0 });

    const changes: { upserted: Message[]; deleted: number[] }[] = [];
    service.subscribe((event, payload) => {
      if (event === 'feed' && 'deleted' in payload) changes.push(payload);
    });
    await server.api(server.other)('PATCH', `/messages/${old}`, { content: 'the new recipe' });
    await eventually('the edit reaches the open narrow', () =>
      changes.some((change) =>
        change.upserted.some((message) => message.id === old && message.content.includes('new')),
      ),
    );
    // An administrator, whom both kinds of server let move any message.
    await server.api(server.admin)('PATCH', `/messages/${old}`, {
      topic: 'recipes',
      propagate_mode: 'change_one',
    });
    await eventually('the moved message leaves the open narrow', () =>
      changes.some((change) => change.deleted.includes(old)),
    );
  });
});
