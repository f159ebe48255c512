import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../../src-main/client/api';
import { ComposeChecks } from '../../../src-main/client/rules/composeChecks';
import type { Cache } from '../../../src-main/client/cache/accountCache';
import type { InitialState } from '../../../src-main/wire/registerState';
import { type Message, type UserGroup } from '../../../src-main/wire';
import { startOrg, type Org, type TestUser } from '../../helpers/org';
import { startZulipDouble, type Seat, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf, type DoubleClients } from '../../helpers/doubleClients';
import { event, freshCache, messageEvent, streamMessage } from '../cache/fixtures';

// Issue 34, point 2: what the compose box says before a message goes, from
// a real cache and, where the cache cannot say, from a real server.

const group = (id: number, name: string, members: number[], subgroups: number[] = []) =>
  ({ id, name, description: '', members, direct_subgroup_ids: subgroups }) as UserGroup;

describe('wildcard mentions in a channel larger than Zulip’s threshold', () => {
  const reader = 10;
  const administrator = 5;
  // Sixteen people wrote in "crowd", two in "quiet".
  const writer = (i: number) => ({
    id: 100 + i,
    email: `writer${i}@example.test`,
    full_name: `Writer ${i}`,
  });
  const writers = Array.from({ length: 16 }, (_, i) => writer(i));

  const stateOf = (userId: number, subscribers: number): InitialState =>
    ({
      zulip_feature_level: 477,
      user_id: userId,
      is_admin: userId === administrator,
      realm_user_groups: [group(12, 'role:administrators', [administrator])],
      realm_can_mention_many_users_group: 12,
      subscriptions: [{ stream_id: 1, name: 'general', subscriber_count: subscribers }],
    }) as unknown as InitialState;

  let cache: Cache;
  // The fixtures close each cache after its test.
  beforeEach(() => {
    cache = freshCache();
    const messages: Message[] = [
      ...writers.map((writer, i) => streamMessage(i + 1, { topic: 'crowd', sender: writer })),
      streamMessage(40, { topic: 'quiet', sender: writer(0) }),
      streamMessage(41, { topic: 'quiet', sender: writer(1) }),
    ];
    cache.storePage(
      { kind: 'all' },
      { anchor: 'newest', numBefore: 100, numAfter: 0 },
      { anchor: 1e16, found_anchor: false, found_oldest: true, found_newest: true, messages },
    );
  });

  const wildcards = async (userId: number, subscribers: number, topic: string) =>
    (
      await new ComposeChecks({
        state: () => stateOf(userId, subscribers),
        cache,
        api: () => null,
      }).check({ kind: 'stream', streamId: 1, topic })
    ).wildcards.map(({ name }) => name);

  it('offers @topic alone to a member where the topic has few participants', async () => {
    expect(await wildcards(reader, 40, 'quiet')).toEqual(['topic']);
  });

  it('offers none to a member where the topic too has more than 15 participants', async () => {
    expect(await wildcards(reader, 40, 'crowd')).toEqual([]);
  });

  it('offers every one to a member of can_mention_many_users_group, and anyone in a small channel', async () => {
    const every = ['all', 'everyone', 'channel', 'stream', 'topic'];
    expect(await wildcards(administrator, 40, 'crowd')).toEqual(every);
    expect(await wildcards(reader, 15, 'crowd')).toEqual(every);
  });
});

describe('what the cache cannot say, asked of the server', () => {
  let double: ZulipDouble;
  let clients: DoubleClients;
  let state: InitialState;

  beforeAll(async () => {
    double = await startZulipDouble();
    clients = clientsOf(double);
    await clients.asAdmin('PATCH', `streams/${double.streams.denmark}`, {
      can_create_topic_group: JSON.stringify({ new: double.groups.moderators }),
    });
    await clients.asAdmin('PATCH', 'realm', {
      direct_message_initiator_group: JSON.stringify({ new: double.groups.moderators }),
    });
    await clients.apiFor(double.users.member2).sendStreamMessage({
      stream: 'Denmark',
      topic: 'castle',
      content: 'The ghost walks',
    });
    state = (await clients.apiFor(double.users.member).register()) as InitialState;
  });
  afterAll(() => double?.close());

  // An empty cache: it holds no history of any topic or conversation.
  const checks = (online: boolean) =>
    new ComposeChecks({
      state: () => state,
      cache: freshCache(),
      api: () => (online ? clients.apiFor(double.users.member) : null),
    });

  it('refuses a topic the server holds no message in, and not one it does', async () => {
    const online = checks(true);
    const denmark = (topic: string) =>
      online.check({ kind: 'stream', streamId: double.streams.denmark, topic });
    expect((await denmark('castle')).refusal).toBeNull();
    expect((await denmark('a new one')).refusal).toBe('newTopic');
  });

  it('refuses starting a conversation the server holds no message of, and not answering one', async () => {
    const online = checks(true);
    const to = (seat: Seat) => online.check({ kind: 'private', userIds: [seat.id] });
    expect((await to(double.users.owner)).refusal).toBe('directMessageNotStarted');
    // Cordelia wrote to him before.
    expect((await to(double.users.member2)).refusal).toBeNull();
  });

  it('refuses nothing it cannot know offline, which the server alone then decides', async () => {
    const offline = checks(false);
    const check = await offline.check({
      kind: 'stream',
      streamId: double.streams.denmark,
      topic: 'a new one',
    });
    expect(check.refusal).toBeNull();
    expect(
      (await offline.check({ kind: 'private', userIds: [double.users.owner.id] })).refusal,
    ).toBeNull();
  });
});

/** A loopback server in front of `target` that passes every request on, and counts them. */
async function countingProxy(target: string) {
  const upstream = new URL(target);
  const received: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', target);
    received.push(`${request.method ?? ''} ${url.pathname}`);
    const onward = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    onward.on('error', () => response.destroy());
    request.pipe(onward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** How many requests of that method reached a path ending so. */
    count: (method: string, pathEnd: string) =>
      received.filter((line) => line.startsWith(`${method} `) && line.endsWith(pathEnd)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a channel where the reader may not start topics, asked of a real server', () => {
  let org: Org;
  let bob: TestUser;
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  let gardenId: number;

  beforeAll(async () => {
    org = await startOrg();
    bob = await org.user('bob');
    await org.subscribe(bob, 'garden');
    await org.sendStream(bob, 'garden', 'castle', 'The ghost walks');
    const streams = (await org.api(bob)('GET', '/users/me/subscriptions')).json as {
      subscriptions: { stream_id: number; name: string }[];
    };
    gardenId = streams.subscriptions.find((stream) => stream.name === 'garden')?.stream_id ?? 0;
    proxy = await countingProxy(org.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await org?.close();
  });

  // As a Zulip 11 server describes the channel: no one may start topics there.
  const checks = (cache: Cache) =>
    new ComposeChecks({
      state: () =>
        ({
          zulip_feature_level: 477,
          user_id: bob.id,
          subscriptions: [
            {
              stream_id: gardenId,
              name: 'garden',
              can_create_topic_group: { direct_members: [], direct_subgroups: [] },
            },
          ],
        }) as unknown as InitialState,
      cache,
      api: () =>
        createApi(
          { serverUrl: proxy.url, email: bob.email, apiKey: bob.apiKey },
          { featureLevel: () => 185 },
        ),
    });

  it('asks for the channel’s topics once, and none again as the topic is typed or the box reopens', async () => {
    const answered = checks(freshCache());
    const [lists, reads] = [proxy.count('GET', '/topics'), proxy.count('GET', '/messages')];
    const refusals = async (topics: string[]) => {
      const seen = [];
      for (const topic of topics) {
        seen.push((await answered.check({ kind: 'stream', streamId: gardenId, topic })).refusal);
      }
      return seen;
    };
    // The topic as the compose box asks at each pause in the typing.
    expect(await refusals(['c', 'ca', 'castle', 'a', 'a new', 'a new one', 'Castle'])).toEqual([
      'newTopic',
      'newTopic',
      null,
      'newTopic',
      'newTopic',
      'newTopic',
      null,
    ]);
    // The box opened again on either topic.
    expect(await refusals(['a new one', 'castle', 'a new one'])).toEqual([
      'newTopic',
      null,
      'newTopic',
    ]);
    expect(proxy.count('GET', '/messages')).toBe(reads);
    expect(proxy.count('GET', `/users/me/${gardenId}/topics`)).toBe(lists + 1);
  });

  it('follows the events: a topic someone starts, or messages moved to a new one', async () => {
    const cache = freshCache();
    const answered = checks(cache);
    const check = async (topic: string) =>
      (await answered.check({ kind: 'stream', streamId: gardenId, topic })).refusal;
    expect([await check('rumours'), await check('moved here')]).toEqual(['newTopic', 'newTopic']);
    const [lists, reads] = [proxy.count('GET', '/topics'), proxy.count('GET', '/messages')];

    // Someone who may starts "rumours"; its message reaches the cache, as the session stores events.
    const started = await org.sendStream(org.owner, 'garden', 'rumours', 'Whispers');
    cache.applyEvents([
      messageEvent(
        streamMessage(started, { streamId: gardenId, stream: 'garden', topic: 'rumours' }),
      ),
    ]);
    // Messages the cache never held are moved to "moved here".
    const moved = await org.sendStream(org.owner, 'garden', 'old', 'Elsewhere');
    await org.api(org.owner)('PATCH', `/messages/${moved}`, { topic: 'moved here' });
    cache.applyEvents([
      event('update_message', {
        message_id: moved,
        message_ids: [moved],
        flags: [],
        edit_timestamp: 1_700_000_100,
        stream_id: gardenId,
        orig_subject: 'old',
        subject: 'moved here',
        propagate_mode: 'change_one',
      }),
    ]);

    expect([await check('rumours'), await check('moved here')]).toEqual([null, null]);
    expect([proxy.count('GET', '/topics'), proxy.count('GET', '/messages')]).toEqual([
      lists,
      reads,
    ]);
  });
});

describe('the compose box on a Hearth host (Zulip 7.0)', () => {
  const hearth = (isAdmin: boolean) =>
    new ComposeChecks({
      state: () =>
        ({
          zulip_feature_level: 185,
          user_id: 10,
          is_admin: isAdmin,
          subscriptions: [
            { stream_id: 1, name: 'announcements', stream_post_policy: 2 },
            { stream_id: 2, name: 'general', stream_post_policy: 1 },
          ],
        }) as unknown as InitialState,
      cache: freshCache(),
      api: () => null,
    });

  it('refuses posting where the channel’s post policy does, as the host does', async () => {
    const to = (streamId: number) => ({ kind: 'stream' as const, streamId, topic: 'news' });
    expect((await hearth(false).check(to(1))).refusal).toBe('channelPosting');
    expect((await hearth(true).check(to(1))).refusal).toBeNull();
    expect((await hearth(false).check(to(2))).refusal).toBeNull();
  });

  it('refuses no direct message, and offers every wildcard of 7.0', async () => {
    const checks = hearth(false);
    const dm = await checks.check({ kind: 'private', userIds: [11] });
    expect(dm).toEqual({ refusal: null, guests: [], wildcards: expect.any(Array) as unknown });
    const channel = await checks.check({ kind: 'stream', streamId: 2, topic: 'news' });
    expect(channel.wildcards.map(({ name }) => name)).toEqual(['all', 'everyone', 'stream']);
  });
});
