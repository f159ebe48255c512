import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/client/cache/openCache';
import { Session } from '../../../src-main/client/session/liveLink';
import { startFixtureServer, type FixtureServer } from '../accounts/fixtureServer';
import { me, noUnread, subscription, tempFolder, user } from '../cache/fixtures';

// Zulip's documented POST /register answer holds only the queue and the
// custom emoji: a server sends only the state a client asks for, so the
// session must take what it is given and keep what the cache already holds.

const documented = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));

let server: FixtureServer | undefined;
let session: Session | undefined;

afterEach(async () => {
  await session?.stop();
  await server?.close();
  session = undefined;
  server = undefined;
});

describe("Zulip's documented POST /register answer", () => {
  it('registers, catches up from the documented page, and keeps the sidebar the cache held', async () => {
    server = await startFixtureServer({
      'POST /api/v1/register': { status: 200, body: documented('register.json') },
      'GET /api/v1/messages': { status: 200, body: documented('messages-page.json') },
      'GET /api/v1/events': {
        status: 200,
        body: { result: 'success', msg: '', events: [{ type: 'heartbeat', id: 0 }] },
      },
      'DELETE /api/v1/events': { status: 200, body: { result: 'success', msg: '' } },
    });
    const { cache } = openCache(join(tempFolder(), 'zulip.db'), { log: () => undefined });
    // What an earlier registration left: the answer below names no subscriptions or users.
    cache.storeRegister(
      {
        user_id: me.id,
        subscriptions: [subscription(1, 'general')],
        realm_users: [user(me)],
        unread_msgs: noUnread,
      },
      { queueId: null, lastEventId: -1 },
    );
    session = new Session({
      serverUrl: server.url,
      email: me.email,
      apiKey: 'k'.repeat(32),
      cache,
      wake: false,
      log: () => undefined,
    });
    const connected = new Promise<void>((resolve) =>
      session?.on('connection', (connection) => {
        if (connection.state === 'connected') resolve();
      }),
    );
    session.start();
    await connected;

    const register = server.received.find((request) => request.path === '/api/v1/register');
    const sent = new URLSearchParams(register?.body);
    expect(sent.get('apply_markdown')).toBe('true');
    expect(JSON.parse(sent.get('client_capabilities') ?? '{}')).toMatchObject({
      notification_settings_null: true,
      bulk_message_deletion: true,
    });
    expect(cache.loadRegisterState()).toMatchObject({
      queueId: 'fb67bf8a-c031-47cc-84cf-ed80accacda8',
      lastEventId: -1,
    });
    expect(cache.subscriptions().map((held) => held.name)).toEqual(['general']);
    const all = cache.messagesInNarrow({ kind: 'all' }, { anchor: 'newest', before: 10 });
    expect(all.messages.map((message) => message.id)).toEqual([16, 21]);
  });
});
