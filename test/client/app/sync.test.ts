import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HearthApp } from '../../../src-main/client/app/hearthApp';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { startHost, type Host } from '../../../src-main/server/host';
import type { Message } from '../../../src-preload/bridge';
import {
  eventually,
  removeProfile,
  startTestHearth,
  testTuning,
  type TestHearth,
} from '../../helpers/hearth';

// The sync of issue 13, point 4: whatever happens to the link, every message
// others sent reaches the cache exactly once, in ID order; edits and deletions
// made meanwhile show; read state matches the server's.

const password = 'correct horse battery staple';
const idleMs = 1_500;
let dataDir: string;
let host: Host;
let port: number;
let hostUp = true;

const hostOn = (listenPort: number) =>
  startHost({ dataDir, port: listenPort, queueTimeouts: { heartbeatMs: 500, idleMs } });

interface Caller {
  email: string;
  apiKey: string;
}

async function api(
  user: Caller,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
): Promise<Record<string, unknown> & { messages?: Message[] }> {
  const body = new URLSearchParams(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
  const url = new URL(`${host.url}/api/v1${path}`);
  if (method === 'GET') url.search = body.toString();
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${user.email}:${user.apiKey}`).toString('base64')}`,
    },
    ...(method === 'GET' ? {} : { body }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

let owner: Caller;
let bob: Caller & { id: number };
let kitchenId: number;

const send = async (content: string, topic = 'soup') =>
  (await api(bob, 'POST', '/messages', { type: 'stream', to: 'kitchen', topic, content }))
    .id as number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hearth-sync-'));
  host = await hostOn(0);
  port = Number(new URL(host.url).port);
  owner = { email: host.owner.email, apiKey: host.owner.apiKey };
  await api(owner, 'POST', '/users', { email: 'bob@hearth.test', full_name: 'Bob', password });
  const response = await fetch(`${host.url}/api/v1/fetch_api_key`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'bob@hearth.test', password }),
  });
  const key = (await response.json()) as Record<string, unknown>;
  bob = { email: 'bob@hearth.test', apiKey: key.api_key as string, id: key.user_id as number };
  for (const user of [owner, bob]) {
    await api(user, 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'kitchen' }] });
  }
  kitchenId = (await api(owner, 'GET', '/get_stream_id', { stream: 'kitchen' }))
    .stream_id as number;
});

afterAll(async () => {
  if (hostUp) await host.close();
  await rm(dataDir, { recursive: true, force: true });
});

// The client's own view of the link: while `offline`, every request fails
// as an unplugged cable would, before it leaves the process.
let offline = false;
const cable: typeof fetch = (input, init) =>
  offline ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);

let running: TestHearth[] = [];
const profiles: string[] = [];
afterEach(async () => {
  offline = false;
  await Promise.all(running.map((hearth) => hearth.stop()));
  running = [];
  await Promise.all(profiles.splice(0).map(removeProfile));
});

async function signedInApp(profileDir?: string, secrets = createMemorySecretStore()) {
  const hearth = await startTestHearth({
    ...(profileDir ? { profileDir } : {}),
    secrets,
    tuning: { ...testTuning, fetch: cable },
  });
  running.push(hearth);
  if (!profileDir) profiles.push(hearth.profileDir);
  return hearth;
}

async function signIn(app: HearthApp): Promise<void> {
  const withKey = await app.join({
    method: 'apiKey',
    serverUrl: host.url,
    email: owner.email,
    apiKey: owner.apiKey,
  });
  expect(withKey).toMatchObject({ ok: true });
}

const kitchenNarrow = () => ({ kind: 'stream' as const, streamId: kitchenId });

// What the cache holds of the stream, read without asking the server, and
// only within ranges it holds complete: what an offline window would show.
const cachedIds = async (app: HearthApp) =>
  app
    .active()
    .cache.messagesInNarrow(
      { kind: 'stream', streamId: kitchenId },
      {
        anchor: 'newest',
        before: 1000,
      },
    )
    .messages.map((message) => message.id);

const connected = (app: HearthApp) =>
  eventually('the session is connected', () => app.active().connection.state === 'connected');

const serverIds = async () =>
  (
    await api(owner, 'GET', '/messages', {
      anchor: 'newest',
      num_before: 1000,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: kitchenId }],
    })
  ).messages?.map((message) => message.id) ?? [];

describe('sync without gaps', () => {
  it('catches up, exactly once and in order, on what others sent while it was offline past the queue time-out', async () => {
    const { app } = await signedInApp();
    await signIn(app);
    await connected(app);
    const before = await send('before the cable came out');
    await eventually('the first message is cached', async () =>
      (await cachedIds(app)).includes(before),
    );

    offline = true;
    await eventually('the window says offline', () => app.active().connection.state === 'offline');
    expect(app.active().connection.offlineSince).toEqual(expect.any(Number));
    const missed = [await send('one'), await send('two'), await send('three', 'stew')];
    // Long enough for the server to collect the idle queue.
    await new Promise((resolve) => setTimeout(resolve, idleMs * 2.5));
    offline = false;

    await connected(app);
    const ids = await cachedIds(app);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(await serverIds());
    for (const id of [before, ...missed]) expect(ids).toContain(id);
  });

  it('resumes its queue when its host is killed and restarted, receiving what was sent after the restart', async () => {
    const { app } = await signedInApp();
    await signIn(app);
    await connected(app);

    await host.close();
    hostUp = false;
    await eventually('the window says offline', () => app.active().connection.state === 'offline');
    host = await hostOn(port);
    hostUp = true;
    const after = await send('sent while the client was still backing off');

    await eventually('the message is cached', async () => (await cachedIds(app)).includes(after));
    const ids = await cachedIds(app);
    expect(ids).toEqual(await serverIds());
  });

  it('after its own restart catches up, shows edits and deletions made meanwhile, and counts unread as the server does', async () => {
    const secrets = createMemorySecretStore();
    const first = await signedInApp(undefined, secrets);
    await signIn(first.app);
    await connected(first.app);
    const edited = await send('a first draft');
    const deleted = await send('a mistake');
    await eventually('both messages are cached', async () => {
      const ids = await cachedIds(first.app);
      return ids.includes(edited) && ids.includes(deleted);
    });
    await first.stop();
    running = running.filter((hearth) => hearth !== first);

    await api(bob, 'PATCH', `/messages/${edited}`, { content: 'the final text' });
    await api(owner, 'DELETE', `/messages/${deleted}`);
    const missed = [await send('while you were away'), await send('and this too')];

    const second = await signedInApp(first.profileDir, secrets);
    await connected(second.app);
    // Caught up in the cache itself, before any narrow is refreshed.
    await eventually('the missed messages are cached', async () => {
      const ids = await cachedIds(second.app);
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
    const page = await second.service.openNarrow({ narrow: kitchenNarrow() });
    expect(page.messages.map((message) => message.id)).toContain(deleted);
    const change = await corrected;
    expect(change.upserted.find((message) => message.id === edited)?.content).toContain(
      'the final text',
    );
    const ids = await cachedIds(second.app);
    expect(ids).toEqual(await serverIds());
    expect(ids).not.toContain(deleted);
    for (const id of missed) expect(ids).toContain(id);

    const registered = await api(owner, 'POST', '/register', {
      fetch_event_types: ['message', 'update_message_flags'],
    });
    const serverUnread = (registered.unread_msgs as { count: number }).count;
    await eventually(
      'unread counts match the server',
      () => second.app.active().summary(false, false).unreadCount === serverUnread,
    );
  });
});
