import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Spec §8: the limits, each at its edge. The queue limits are read from hosts
// started with their default time-outs, under a clock the test moves by hand.
describe('limits of GET /messages', () => {
  let org: Org;
  let alice: TestUser;

  const read = (params: Record<string, unknown>) => org.api(alice)('GET', '/messages', params);

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'design');
    await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 't',
      content: 'one message',
    });
  });
  afterAll(() => org.close());

  it('accepts exactly 5000 messages requested, anchor included', async () => {
    const response = await read({ anchor: 'newest', num_before: 4999, num_after: 1 });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ result: 'success', found_newest: true });
  });

  it('refuses 5001 messages requested with a BAD_REQUEST naming the maximum', async () => {
    const response = await read({ anchor: 'newest', num_before: 5000, num_after: 1 });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      result: 'error',
      msg: 'Too many messages requested (maximum 5000).',
      code: 'BAD_REQUEST',
    });
  });

  it('takes the recommended 1000 on each side without complaint', async () => {
    const response = await read({ anchor: 'newest', num_before: 1000, num_after: 1000 });
    expect(response.status).toBe(200);
    expect(response.json.messages).toHaveLength(1);
  });
});

describe('default idle time-out of event queues', () => {
  let org: Org;
  let alice: TestUser;

  const poll = (queueId: string) =>
    org.api(alice)('GET', '/events', { queue_id: queueId, last_event_id: -1, dont_block: true });
  const register = async () =>
    (await org.api(alice)('POST', '/register', { event_types: ['message'] })).json
      .queue_id as string;

  beforeAll(async () => {
    // Only the clocks (the wall's and the monotonic one queues age by) and
    // the queue sweeper's interval are faked; the HTTP traffic of the test
    // runs on real timers.
    vi.useFakeTimers({ toFake: ['Date', 'performance', 'setInterval', 'clearInterval'] });
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(async () => {
    await org.close();
    vi.useRealTimers();
  });

  it('keeps a queue through 10 minutes without a poll and collects it soon after', async () => {
    const watched = await register();
    const kept = await register();
    vi.advanceTimersByTime(9 * 60_000 + 50_000);
    expect((await poll(kept)).json).toMatchObject({ result: 'success', events: [] });
    vi.advanceTimersByTime(45_000);
    const gone = await poll(watched);
    expect(gone.status).toBe(400);
    expect(gone.json).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: watched });
    expect((await poll(kept)).json.result).toBe('success');
  });
});

describe('default heartbeat of a blocking GET /events', () => {
  let org: Org;
  let alice: TestUser;

  // Lets HTTP traffic progress on real I/O, with timers frozen, for at least
  // `ms` and until `ready` holds (ten seconds at most).
  const spin = async (ms: number, ready = () => true) => {
    const started = Date.now();
    const elapsed = () => Date.now() - started;
    while (elapsed() < 10_000 && (elapsed() < ms || !ready())) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(async () => {
    vi.useRealTimers();
    await org.close();
  });

  it('answers a poll nobody writes to with a heartbeat within a minute, not before 45 seconds', async () => {
    const { queue_id: queueId } = (
      await org.api(alice)('POST', '/register', { event_types: ['message'] })
    ).json;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    let answered = false;
    const waiting = org
      .api(alice)('GET', '/events', { queue_id: queueId, last_event_id: -1 })
      .finally(() => {
        answered = true;
      });
    // The client's own request timer, then the host's heartbeat timer.
    await spin(200, () => vi.getTimerCount() >= 2);
    vi.advanceTimersByTime(45_000);
    await spin(200);
    expect(answered).toBe(false);
    vi.advanceTimersByTime(15_000);
    const response = await waiting;
    expect(response.status).toBe(200);
    expect(response.json.events).toEqual([{ type: 'heartbeat', id: 0 }]);
  });
});
