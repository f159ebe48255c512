import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCli, killed, serveCli } from '../helpers/cliHost';
import { startOrg, type Org, type TestUser } from '../helpers/org';

interface Event {
  id: number;
  type: string;
  // Events are asserted on as the server sent them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [key: string]: any;
}

const heartbeatMs = 400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ids = (events: Event[]) => events.map((event) => event.id);

describe('the life of an event queue', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const register = async (user: TestUser, params: Record<string, unknown> = {}) => {
    const response = await org.api(user)('POST', '/register', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.queue_id as string;
  };
  const poll = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('GET', '/events', params);
  const events = async (user: TestUser, queueId: string, lastEventId: number) => {
    const response = await poll(user, {
      queue_id: queueId,
      last_event_id: lastEventId,
      dont_block: true,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.events as Event[];
  };
  const say = async (user: TestUser, content: string, stream = 'design') => {
    const body = { type: 'stream', to: stream, topic: 'queues', content };
    const response = await org.api(user)('POST', '/messages', body);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.id as number;
  };

  beforeAll(async () => {
    org = await startOrg({ queueTimeouts: { heartbeatMs, idleMs: 60_000 } });
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
  });
  afterAll(() => org.close());

  it('registers a queue implicitly for GET /events without queue_id, with the arguments given', async () => {
    const response = await poll(alice, {
      event_types: ['message'],
      apply_markdown: true,
      dont_block: true,
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ result: 'success', events: [] });
    const queueId = response.json.queue_id as string;
    expect(queueId).toMatch(/^\d+:\d+$/);

    await org.subscribe(alice, 'implicit');
    const messageId = await say(bob, 'some **bold**');
    const received = await events(alice, queueId, -1);
    expect(received).toEqual([
      expect.objectContaining({
        type: 'message',
        message: expect.objectContaining({
          id: messageId,
          content: '<p>some <strong>bold</strong></p>',
        }),
      }),
    ]);
  });

  it('gives each queue the event types it named, however many queues named the same list or another', async () => {
    const lists = [['message'], ['message'], ['stream'], ['message', 'stream'], ['stream']];
    const queues = await Promise.all(lists.map((types) => register(alice, { event_types: types })));
    await org.subscribe(alice, 'type-lists');
    await say(bob, 'to every list', 'type-lists');

    const kinds = await Promise.all(
      queues.map(async (queueId) => [
        ...new Set((await events(alice, queueId, -1)).map(({ type }) => type)),
      ]),
    );
    expect(kinds).toEqual([
      ['message'],
      ['message'],
      ['stream'],
      ['stream', 'message'],
      ['stream'],
    ]);
  });

  it('answers an implicit blocking registration with the first event that arrives', async () => {
    const waiting = poll(alice, { event_types: ['message'] });
    await sleep(100);
    const messageId = await say(bob, 'to whoever waits');
    const response = await waiting;
    expect(response.json.queue_id).toMatch(/^\d+:\d+$/);
    expect(response.json.events).toEqual([
      expect.objectContaining({
        type: 'message',
        message: expect.objectContaining({ id: messageId }),
      }),
    ]);
  });

  it('answers dont_block at once, with nothing when nothing is queued', async () => {
    const queueId = await register(alice, { event_types: ['message'] });
    const started = Date.now();
    expect(await events(alice, queueId, -1)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(heartbeatMs);
  });

  it('drops what last_event_id acknowledges and keeps the rest', async () => {
    const queueId = await register(alice, { event_types: ['message'] });
    await say(bob, 'one');
    await say(bob, 'two');
    await say(bob, 'three');
    const all = await events(alice, queueId, -1);
    expect(all.map((event) => event.message.content)).toEqual(['one', 'two', 'three']);
    const [first, second, third] = ids(all) as [number, number, number];
    expect(ids(await events(alice, queueId, first))).toEqual([second, third]);
    // Asking again with the same acknowledgement is harmless, as a retried poll must be.
    expect(ids(await events(alice, queueId, first))).toEqual([second, third]);
    expect(await events(alice, queueId, third)).toEqual([]);
  });

  it('refuses to go back behind an acknowledgement, as Zulip does', async () => {
    const queueId = await register(alice, { event_types: ['message'] });
    await say(bob, 'a');
    await say(bob, 'b');
    const [first] = ids(await events(alice, queueId, -1)) as [number];
    await events(alice, queueId, first);
    const back = await poll(alice, { queue_id: queueId, last_event_id: -1, dont_block: true });
    expect(back.status).toBe(400);
    expect(back.json).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'An event newer than -1 has already been pruned!',
    });
  });

  it('refuses an acknowledgement of an event the queue never had, as Zulip does', async () => {
    const queueId = await register(alice, { event_types: ['message'] });
    await say(bob, 'only one');
    const [only] = ids(await events(alice, queueId, -1)) as [number];
    const ahead = await poll(alice, {
      queue_id: queueId,
      last_event_id: only + 5,
      dont_block: true,
    });
    expect(ahead.status).toBe(400);
    expect(ahead.json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: `Event ${only + 5} was not in this queue`,
    });
  });

  it('answers a blocking poll with a heartbeat after the time-out, numbered after the events before it', async () => {
    const queueId = await register(alice, { event_types: ['message'] });
    await say(bob, 'before the heartbeat');
    const [messageEvent] = ids(await events(alice, queueId, -1)) as [number];
    const started = Date.now();
    const response = await poll(alice, { queue_id: queueId, last_event_id: messageEvent });
    expect(Date.now() - started).toBeGreaterThanOrEqual(heartbeatMs - 20);
    expect(response.json.events).toEqual([{ type: 'heartbeat', id: messageEvent + 1 }]);
  });

  it('answers a blocking poll as soon as an event arrives', async () => {
    const queueId = await register(alice, { event_types: ['message'] });
    const waiting = poll(alice, { queue_id: queueId, last_event_id: -1 });
    await sleep(50);
    const started = Date.now();
    const messageId = await say(bob, 'wake up');
    const response = await waiting;
    expect(Date.now() - started).toBeLessThan(heartbeatMs);
    expect(response.json.events).toEqual([
      expect.objectContaining({
        type: 'message',
        message: expect.objectContaining({ id: messageId }),
      }),
    ]);
  });

  it('answers every one of hundreds of waiting polls with the message, however they are batched', async () => {
    const queueIds = await Promise.all(
      Array.from({ length: 250 }, () => register(alice, { event_types: ['message'] })),
    );
    const waiting = queueIds.map((queueId) =>
      poll(alice, { queue_id: queueId, last_event_id: -1 }),
    );
    await sleep(100);
    const messageId = await say(bob, 'to every queue');
    // On a loaded machine a poll may reach its heartbeat time-out first; the
    // message must then be the next thing the queue gives, and only once.
    const delivered = await Promise.all(
      waiting.map(async (answer, index) => {
        let events = (await answer).json.events as { id: number; type: string }[];
        while (events.every((event) => event.type === 'heartbeat')) {
          const last = events.at(-1)?.id ?? -1;
          events = (await poll(alice, { queue_id: queueIds[index], last_event_id: last })).json
            .events;
        }
        return events.filter((event) => event.type !== 'heartbeat');
      }),
    );
    for (const events of delivered) {
      expect(events).toEqual([
        expect.objectContaining({
          type: 'message',
          message: expect.objectContaining({ id: messageId }),
        }),
      ]);
    }
  });

  it('numbers events of one queue in strictly increasing order, whatever their kind', async () => {
    const queueId = await register(alice);
    await say(bob, 'first');
    await org.subscribe(alice, `increasing-${Date.now()}`);
    await org.api(alice)('POST', '/messages/flags', { messages: [], op: 'add', flag: 'read' });
    await say(bob, 'last');
    const received = ids(await events(alice, queueId, -1));
    expect(received.length).toBeGreaterThanOrEqual(4);
    received.slice(1).forEach((id, index) => expect(id).toBeGreaterThan(received[index] as number));
  });

  it("refuses another user's queue, for fetching and for deleting", async () => {
    const queueId = await register(alice);
    const fetched = await poll(bob, { queue_id: queueId, last_event_id: -1, dont_block: true });
    expect(fetched.status).toBe(400);
    expect(fetched.json).toMatchObject({
      result: 'error',
      msg: 'You are not authorized to get events from this queue',
    });
    const deleted = await org.api(bob)('DELETE', '/events', { queue_id: queueId });
    expect(deleted.status).toBe(400);
    expect(deleted.json).toMatchObject({
      result: 'error',
      msg: 'You are not authorized to access this queue',
    });
    expect(await events(alice, queueId, -1)).toEqual([]);
  });

  it('deletes a queue once; the second delete and any poll get BAD_EVENT_QUEUE_ID', async () => {
    const queueId = await register(alice);
    const first = await org.api(alice)('DELETE', '/events', { queue_id: queueId });
    expect(first.json).toEqual({ result: 'success', msg: '' });
    for (const again of [
      await org.api(alice)('DELETE', '/events', { queue_id: queueId }),
      await poll(alice, { queue_id: queueId, last_event_id: -1, dont_block: true }),
    ]) {
      expect(again.status).toBe(400);
      expect(again.json).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: queueId });
    }
  });

  it('answers a poll waiting on a queue that is deleted', async () => {
    const queueId = await register(alice);
    const waiting = poll(alice, { queue_id: queueId, last_event_id: -1 });
    await sleep(50);
    await org.api(alice)('DELETE', '/events', { queue_id: queueId });
    const response = await waiting;
    expect(response.json).toMatchObject({ result: 'success', events: [] });
  });

  it('shows a public stream message to an all_public_streams queue of a non-subscriber, with no flags', async () => {
    const carol = await org.user('carol');
    const queueId = await register(carol, { event_types: ['message'], all_public_streams: true });
    const messageId = await say(bob, 'for everyone who listens');
    expect(await events(carol, queueId, -1)).toEqual([
      expect.objectContaining({
        type: 'message',
        flags: [],
        message: expect.objectContaining({ id: messageId }),
      }),
    ]);
  });
});

describe('event queues across a restart', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const events = async (user: TestUser, queueId: string, lastEventId: number) => {
    const response = await org.api(user)('GET', '/events', {
      queue_id: queueId,
      last_event_id: lastEventId,
      dont_block: true,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.events as Event[];
  };
  const say = (content: string) => org.sendStream(bob, 'design', 'restart', content);

  beforeAll(async () => {
    org = await startOrg({ queueTimeouts: { heartbeatMs: 5_000, idleMs: 4_000 } });
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
  });
  afterAll(() => org.close());

  it('keeps the old queue_id working: what was not acknowledged arrives once, then what is new', async () => {
    const register = await org.api(alice)('POST', '/register', {
      event_types: ['message', 'delete_message'],
      apply_markdown: false,
    });
    const queueId = register.json.queue_id as string;
    const sent = [await say('one'), await say('two'), await say('three')];
    const before = await events(alice, queueId, -1);
    expect(before.map((event) => event.message.id)).toEqual(sent);
    const acknowledged = before[0]?.id as number;
    await events(alice, queueId, acknowledged);

    await org.restart();

    const after = await events(alice, queueId, acknowledged);
    expect(after).toEqual(before.slice(1));
    const last = after.at(-1)?.id as number;
    expect(await events(alice, queueId, last)).toEqual([]);

    const newer = await say('**four**');
    await org.api(org.owner)('DELETE', `/messages/${sent[0]}`);
    const fresh = await events(alice, queueId, last);
    expect(fresh).toEqual([
      expect.objectContaining({
        id: last + 1,
        type: 'message',
        message: expect.objectContaining({ id: newer, content: '**four**' }),
      }),
      // Without bulk_message_deletion, as registered before the restart.
      expect.objectContaining({ id: last + 2, type: 'delete_message', message_id: sent[0] }),
    ]);
  });

  it('keeps what each queue was registered with through a restart, storing only what is not a default', async () => {
    const plain = (await org.api(alice)('POST', '/register', {})).json.queue_id as string;
    const narrowed = (
      await org.api(alice)('POST', '/register', {
        event_types: ['message', 'delete_message'],
        apply_markdown: true,
        narrow: [['channel', 'design']],
        client_capabilities: { bulk_message_deletion: true },
      })
    ).json.queue_id as string;
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'), { readonly: true });
    try {
      const row = db.prepare('SELECT settings FROM event_queues WHERE id = ?').pluck();
      expect(JSON.parse(row.get(plain) as string)).toEqual({ streamTypingNotifications: false });
      expect(JSON.parse(row.get(narrowed) as string)).toEqual({
        eventTypes: ['message', 'delete_message'],
        applyMarkdown: true,
        narrow: [{ operator: 'channel', operand: 'design' }],
        bulkMessageDeletion: true,
        streamTypingNotifications: false,
      });
    } finally {
      db.close();
    }

    await org.restart();

    await org.subscribe(alice, 'elsewhere');
    await org.subscribe(bob, 'elsewhere');
    const inDesign = await say('**bold**');
    const outside = await org.sendStream(bob, 'elsewhere', 'restart', 'not here');
    await org.api(org.owner)('DELETE', `/messages/${inDesign}`);
    const messages = (queued: Event[]) =>
      queued.filter((event) => event.type === 'message').map((event) => event.message);
    const toPlain = await events(alice, plain, -1);
    expect(messages(toPlain)).toEqual([
      expect.objectContaining({ id: inDesign, content: '**bold**' }),
      expect.objectContaining({ id: outside }),
    ]);
    expect(toPlain).toContainEqual(
      expect.objectContaining({ type: 'delete_message', message_id: inDesign }),
    );
    const toNarrowed = await events(alice, narrowed, -1);
    expect(messages(toNarrowed)).toEqual([
      expect.objectContaining({ id: inDesign, content: '<p><strong>bold</strong></p>' }),
    ]);
    expect(toNarrowed.at(-1)).toMatchObject({ type: 'delete_message', message_ids: [inDesign] });
  });

  it('gives new queues IDs no queue had before', async () => {
    const register = async () =>
      (await org.api(alice)('POST', '/register', {})).json.queue_id as string;
    const before = await register();
    await org.restart();
    const after = await register();
    expect(after).not.toBe(before);
    expect(await events(alice, before, -1)).toEqual([]);
    expect(await events(alice, after, -1)).toEqual([]);
  });

  it('counts the time the host was down towards a queue’s idle time, then forgets the queue', async () => {
    const register = async () =>
      (await org.api(alice)('POST', '/register', {})).json.queue_id as string;
    const idle = await register();
    const polled = await register();
    await sleep(2_500);
    await events(alice, polled, -1);
    await org.restart();
    // Idle for 5 seconds in all, but only 2.5 since the restart.
    await sleep(2_500);
    const gone = await org.api(alice)('GET', '/events', {
      queue_id: idle,
      last_event_id: -1,
      dont_block: true,
    });
    expect(gone.status).toBe(400);
    expect(gone.json).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: idle });
    const deleted = await org.api(alice)('DELETE', '/events', { queue_id: idle });
    expect(deleted.status).toBe(400);
    expect(deleted.json).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: idle });
    expect(await events(alice, polled, -1)).toEqual([]);

    const db = new Database(join(org.dataDir, 'hearth.sqlite3'), { readonly: true });
    try {
      const stored = db.prepare('SELECT id FROM event_queues').pluck().all();
      expect(stored).toContain(polled);
      expect(stored).not.toContain(idle);
    } finally {
      db.close();
    }
  }, 15_000);
});

describe('event queues of a host killed with SIGKILL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-queues-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('deliver every event of an acknowledged send exactly once to the old queue', async () => {
    let host = await serveCli(dataDir);
    try {
      const joined = await callCli(host, 'POST', '/users/me/subscriptions', {
        subscriptions: JSON.stringify([{ name: 'durable' }]),
      });
      expect(joined.status).toBe(200);
      const registered = await callCli(host, 'POST', '/register', {
        event_types: JSON.stringify(['message']),
        apply_markdown: 'false',
      });
      const queueId = registered.json.queue_id as string;
      const send = async (content: string) => {
        const sent = await callCli(host, 'POST', '/messages', {
          type: 'stream',
          to: 'durable',
          topic: 'kill -9',
          content,
        });
        expect(sent.status).toBe(200);
        return { id: sent.json.id as number, content };
      };
      const poll = async (lastEventId: number) => {
        const response = await callCli(host, 'GET', '/events', {
          queue_id: queueId,
          last_event_id: String(lastEventId),
          dont_block: 'true',
        });
        expect(response.status, JSON.stringify(response.json)).toBe(200);
        return response.json.events as Event[];
      };

      for (const content of ['seen 1', 'seen 2']) await send(content);
      const seen = await poll(-1);
      const acknowledged = seen.at(-1)?.id as number;
      expect(await poll(acknowledged)).toEqual([]);
      const unseen = [];
      for (let i = 1; i <= 6; i += 1) unseen.push(await send(`unseen ${i}`));

      await killed(host.child);
      host = await serveCli(dataDir);

      const recovered = await poll(acknowledged);
      expect(recovered.map((event) => [event.message.id, event.message.content])).toEqual(
        unseen.map((message) => [message.id, message.content]),
      );
      expect(ids(recovered)).toEqual(unseen.map((_, index) => acknowledged + 1 + index));
      const last = recovered.at(-1)?.id as number;
      expect(await poll(last)).toEqual([]);
      expect(await poll(last)).toEqual([]);

      const later = await send('after the crash');
      expect(await poll(last)).toEqual([
        expect.objectContaining({
          id: last + 1,
          message: expect.objectContaining({ id: later.id }),
        }),
      ]);
    } finally {
      await killed(host.child);
    }
  }, 60_000);
});
