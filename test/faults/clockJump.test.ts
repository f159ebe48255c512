import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backupsDirOf, listBackups } from '../../src-main/server/backups/backupFiles';
import { zulipRateRules } from '../../src-main/server/http/rateLimits';
import { startWallJumpHost, type Answer, type WallJumpHost } from '../helpers/wallJumpHost';

// Issue 55, point 3: a wall clock moved back or forward by hours (an NTP
// step, a person setting the clock) changes no ordering, rate limit or
// expiry wrongly. The host runs in its own process under Debian's
// libfaketime, which moves every reading of the wall clock in it at once
// while its monotonic clock runs on; everything is checked over HTTP.

const hour = 3_600_000;
const idleMs = 3_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Queue {
  queue_id: string;
  last_event_id: number;
}

interface Message {
  id: number;
  content: string;
  timestamp: number;
}

describe('a host whose wall clock jumps by hours', () => {
  let host: WallJumpHost;
  let general = 0;

  beforeAll(async () => {
    host = await startWallJumpHost({
      rateLimits: false,
      queueTimeouts: { idleMs, heartbeatMs: 60_000 },
      backups: { keep: 2, everyMs: 24 * hour },
    });
    general = (await host.call('GET', '/get_stream_id', { stream: 'general' })).json
      .stream_id as number;
  });
  afterEach(async () => host.moveWallClock(0));
  afterAll(async () => host?.close());

  const register = async () =>
    (await host.call('POST', '/register', { event_types: '["message"]' })).json as unknown as Queue;

  /** Polls without waiting and acknowledges what came: the IDs of the messages that did. */
  const poll = async (queue: Queue): Promise<Answer & { messageIds: number[] }> => {
    const answer = await host.call('GET', '/events', {
      queue_id: queue.queue_id,
      last_event_id: String(queue.last_event_id),
      dont_block: 'true',
    });
    const events = (answer.json.events ?? []) as { id: number; type: string; message?: Message }[];
    queue.last_event_id = Math.max(queue.last_event_id, ...events.map((event) => event.id));
    const messageIds = events.flatMap((event) => (event.message ? [event.message.id] : []));
    return { ...answer, messageIds };
  };

  const send = async (topic: string, content: string): Promise<number> => {
    const sent = await host.call('POST', '/messages', {
      type: 'stream',
      to: String(general),
      topic,
      content,
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    return sent.json.id as number;
  };

  const inTopic = async (topic: string): Promise<Message[]> =>
    (
      await host.call('GET', '/messages', {
        anchor: 'newest',
        num_before: '20',
        num_after: '0',
        narrow: JSON.stringify([
          { operator: 'channel', operand: general },
          { operator: 'topic', operand: topic },
        ]),
        apply_markdown: 'false',
      })
    ).json.messages as Message[];

  it('runs under libfaketime: the wall clock moves by hours, the monotonic clock does not', async () => {
    const before = await host.clocks();
    await host.moveWallClock(5);
    const forward = await host.clocks();
    await host.moveWallClock(-5);
    const back = await host.clocks();

    expect(forward.wallMs - before.wallMs).toBeGreaterThan(5 * hour - 2_000);
    expect(forward.wallMs - before.wallMs).toBeLessThan(5 * hour + 2_000);
    expect(back.wallMs - forward.wallMs).toBeGreaterThan(-10 * hour - 2_000);
    expect(back.wallMs - forward.wallMs).toBeLessThan(-10 * hour + 2_000);
    expect(forward.monotonicMs).toBeGreaterThanOrEqual(before.monotonicMs);
    expect(back.monotonicMs).toBeGreaterThanOrEqual(forward.monotonicMs);
    expect(back.monotonicMs - before.monotonicMs).toBeLessThan(2_000);
  });

  it.each([
    ['forward', 5],
    ['back', -5],
  ])(
    'keeps the queues registered before the wall clock moved %s by hours, and expires one left unpolled after its idle time of running time',
    async (_, hours) => {
      const polled = await register();
      const unpolled = await register();
      await host.moveWallClock(hours);
      // Past a sweep of the queues (every half the idle time) on the moved clock.
      await pause(idleMs * 0.6);
      const topic = `clock moved ${hours} h`;
      const sent = await send(topic, 'after the jump');
      for (const queue of [polled, unpolled]) {
        const answer = await poll(queue);
        expect(answer.status, JSON.stringify(answer.json)).toBe(200);
        expect(answer.messageIds).toEqual([sent]);
      }

      for (let time = 0; time < 2 * idleMs; time += idleMs / 3) {
        await pause(idleMs / 3);
        expect((await poll(polled)).status).toBe(200);
      }
      expect((await poll(unpolled)).json.code).toBe('BAD_EVENT_QUEUE_ID');
      const later = await send(topic, 'later');
      expect((await poll(polled)).messageIds).toEqual([later]);
    },
  );

  it('keeps messages in the order they were sent while the wall clock moves back and forward, stamped by that clock as Zulip stamps them', async () => {
    const queue = await register();
    const topic = 'across the jumps';
    const ids = [await send(topic, 'before')];
    await host.moveWallClock(-5);
    ids.push(await send(topic, 'after the clock went back'));
    ids.push(await send(topic, 'later still'));
    await host.moveWallClock(0);
    ids.push(await send(topic, 'after it came forward again'));

    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const read = await inTopic(topic);
    expect(read.map((message) => message.id)).toEqual(ids);
    expect(read.map((message) => message.content)).toEqual([
      'before',
      'after the clock went back',
      'later still',
      'after it came forward again',
    ]);
    expect((await poll(queue)).messageIds).toEqual(ids);
    // Zulip stamps a message with its server's clock as it is sent
    // (date_sent = timezone_now()) and orders by ID alone: one sent after
    // the clock went back shows the earlier time, and still comes after.
    const [before, back, , forward] = read.map((message) => message.timestamp) as number[];
    expect((before ?? 0) - (back ?? 0)).toBeGreaterThan(5 * 3600 - 60);
    expect((before ?? 0) - (back ?? 0)).toBeLessThan(5 * 3600 + 60);
    expect((forward ?? 0) - (before ?? 0)).toBeGreaterThanOrEqual(0);
    expect((forward ?? 0) - (before ?? 0)).toBeLessThan(60);
  });

  const schedule = async (topic: string, content: string, due: number): Promise<number> => {
    const scheduled = await host.call('POST', '/scheduled_messages', {
      type: 'stream',
      to: String(general),
      topic,
      content,
      scheduled_delivery_timestamp: String(due),
    });
    expect(scheduled.status, JSON.stringify(scheduled.json)).toBe(200);
    return scheduled.json.scheduled_message_id as number;
  };

  it('sends a scheduled message once, within seconds, when the wall clock moves forward past its time', async () => {
    const due = Math.floor((await host.clocks()).wallMs / 1000) + 3600;
    await schedule('in an hour', 'due in an hour', due);
    await host.moveWallClock(2);

    // Zulip's deliver_scheduled_messages looks at the wall clock once a
    // minute; the host's clock looks every few seconds while a message waits.
    const deadline = performance.now() + 10_000;
    while ((await inTopic('in an hour')).length === 0 && performance.now() < deadline) {
      await pause(500);
    }
    const sent = await inTopic('in an hour');
    expect(sent.map((message) => message.content)).toEqual(['due in an hour']);
    expect(sent[0]?.timestamp).toBeGreaterThanOrEqual(due);
    expect((await host.call('GET', '/scheduled_messages')).json.scheduled_messages).toEqual([]);
  });

  it('does not send a scheduled message early when the wall clock moves back by hours', async () => {
    const due = Math.floor((await host.clocks()).wallMs / 1000) + 2;
    const id = await schedule('not yet', 'in two seconds', due);
    await host.moveWallClock(-5);
    await pause(4_000);

    expect(await inTopic('not yet')).toEqual([]);
    const waiting = (await host.call('GET', '/scheduled_messages')).json.scheduled_messages;
    expect(waiting).toMatchObject([
      { content: 'in two seconds', scheduled_delivery_timestamp: due },
    ]);
    expect((await host.call('DELETE', `/scheduled_messages/${id}`)).status).toBe(200);
  });

  it('serves a file at the link it handed out just before the wall clock moved forward by hours', async () => {
    const form = new FormData();
    form.append('file', new Blob(['minutes of the meeting'], { type: 'text/plain' }), 'notes.txt');
    const uploaded = await fetch(`${host.url}/api/v1/user_uploads`, {
      method: 'POST',
      headers: { authorization: host.authorization },
      body: form,
    });
    const uri = ((await uploaded.json()) as { uri: string }).uri;
    const link = (await host.call('GET', uri)).json.url as string;
    await host.moveWallClock(5);

    const file = await fetch(`${host.url}${link}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('minutes of the meeting');
  });

  it('keeps a backup taken after the wall clock moved back by hours, as the newest to restore', async () => {
    for (let i = 0; i < 2; i++) expect(await host.backUp()).toHaveProperty('backup');
    await host.moveWallClock(-5);
    await send('backups', 'written after the clock went back');
    const taken = await host.backUp();
    expect(taken).toHaveProperty('backup');

    const kept = await listBackups(backupsDirOf(host.dataDir));
    expect(kept).toHaveLength(2);
    expect(kept[0]?.name).toBe('backup' in taken ? taken.backup : undefined);
    const copy = new Database(kept[0]?.path ?? '', { readonly: true });
    try {
      const newest = copy.prepare('SELECT content FROM messages ORDER BY id DESC LIMIT 1').get();
      expect(newest).toEqual({ content: 'written after the clock went back' });
    } finally {
      copy.close();
    }
  });
});

describe('the rate limits of a host whose wall clock jumps by hours', () => {
  const windowMs = 3_000;
  const count = 3;
  let host: WallJumpHost;

  beforeAll(async () => {
    host = await startWallJumpHost({
      rateLimits: { ...zulipRateRules, byUser: { windowSeconds: windowMs / 1000, count } },
    });
  });
  afterEach(async () => host.moveWallClock(0));
  afterAll(async () => host?.close());

  const statuses = async (calls: number) => {
    const answers: number[] = [];
    for (let call = 0; call < calls; call++) {
      answers.push((await host.call('GET', '/users/me')).status);
    }
    return answers;
  };

  it.each([
    ['forward', 5],
    ['back', -5],
  ])(
    'neither lets a burst through nor locks the user out when the wall clock moves %s by hours',
    async (_, hours) => {
      await pause(windowMs);
      expect(await statuses(count + 1)).toEqual([200, 200, 200, 429]);
      await host.moveWallClock(hours);

      const refused = await host.call('GET', '/users/me');
      expect(refused.status).toBe(429);
      expect(refused.json['retry-after']).toBeLessThanOrEqual(windowMs / 1000);
      // When to come back, said by the clock as it reads now.
      const now = (await host.clocks()).wallMs / 1000;
      const reset = Number(refused.headers.get('x-ratelimit-reset'));
      expect(reset).toBeGreaterThan(now - 2);
      expect(reset).toBeLessThanOrEqual(now + windowMs / 1000);

      await pause(windowMs);
      expect(await statuses(count + 1)).toEqual([200, 200, 200, 429]);
    },
  );
});
