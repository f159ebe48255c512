import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Spec §3, Event queue: the transitions of register, DELETE /events and
// garbage collection, and the answers in each state.
describe('event queue states', () => {
  let org: Org;
  let alice: TestUser;

  const register = async () => {
    const response = await org.api(alice)('POST', '/register', { event_types: ['message'] });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json as { queue_id: string; last_event_id: number };
  };
  const poll = (queueId: string) =>
    org.api(alice)('GET', '/events', { queue_id: queueId, last_event_id: -1, dont_block: true });
  const remove = (queueId: string) => org.api(alice)('DELETE', '/events', { queue_id: queueId });
  const badQueue = (queueId: string) => ({
    result: 'error',
    code: 'BAD_EVENT_QUEUE_ID',
    queue_id: queueId,
    msg: `Bad event queue ID: ${queueId}`,
  });

  beforeAll(async () => {
    org = await startOrg({ queueTimeouts: { heartbeatMs: 1_000, idleMs: 1_500 } });
    alice = await org.user('alice');
  });
  afterAll(() => org.close());

  it('starts active at register, answering an empty non-blocking poll', async () => {
    const queue = await register();
    expect(queue.queue_id).toMatch(/^\d+:\d+$/);
    expect(queue.last_event_id).toBe(-1);
    const response = await poll(queue.queue_id);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      result: 'success',
      msg: '',
      events: [],
      queue_id: queue.queue_id,
    });
  });

  it('registers a queue for GET /events without queue_id and with dont_block', async () => {
    const first = await org.api(alice)('GET', '/events', {
      dont_block: true,
      event_types: ['message'],
    });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      result: 'success',
      msg: '',
      events: [],
      queue_id: expect.stringMatching(/^\d+:\d+$/),
    });
    await org.subscribe(alice, 'design');
    await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'implicit',
      content: 'for the new queue',
    });
    const later = await poll(first.json.queue_id);
    expect(later.json.events).toEqual([
      expect.objectContaining({
        type: 'message',
        message: expect.objectContaining({ content: 'for the new queue' }),
      }),
    ]);
  });

  it('answers DELETE /events with result and msg only, then forgets the queue', async () => {
    const { queue_id: queueId } = await register();
    const deleted = await remove(queueId);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ result: 'success', msg: '' });
    const after = await poll(queueId);
    expect(after.status).toBe(400);
    expect(after.json).toEqual(badQueue(queueId));
  });

  it('answers a second DELETE of the same queue with BAD_EVENT_QUEUE_ID', async () => {
    const { queue_id: queueId } = await register();
    await remove(queueId);
    const again = await remove(queueId);
    expect(again.status).toBe(400);
    expect(again.json).toEqual(badQueue(queueId));
  });

  it('answers both GET and DELETE for a garbage-collected queue with BAD_EVENT_QUEUE_ID', async () => {
    const { queue_id: queueId } = await register();
    await new Promise((resolve) => setTimeout(resolve, 2_800));
    const fetched = await poll(queueId);
    expect(fetched.status).toBe(400);
    expect(fetched.json).toEqual(badQueue(queueId));
    const deleted = await remove(queueId);
    expect(deleted.status).toBe(400);
    expect(deleted.json).toEqual(badQueue(queueId));
  });

  it('answers an unknown queue ID with BAD_EVENT_QUEUE_ID for DELETE too', async () => {
    const deleted = await remove('12:34');
    expect(deleted.status).toBe(400);
    expect(deleted.json).toEqual(badQueue('12:34'));
  });
});

describe('a poll whose client hangs up', () => {
  let org: Org;
  let alice: TestUser;

  // The heartbeat is far off, so only the hang-up can end the wait.
  beforeAll(async () => {
    org = await startOrg({ queueTimeouts: { heartbeatMs: 60_000, idleMs: 500 } });
    alice = await org.user('alice');
  });
  afterAll(() => org.close());

  const pollUntilAborted = async (queueId: string) => {
    const abort = new AbortController();
    const url = `${org.url}/api/v1/events?queue_id=${queueId}&last_event_id=-1`;
    const authorization = `Basic ${Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64')}`;
    const waiting = fetch(url, { headers: { authorization }, signal: abort.signal });
    await new Promise((resolve) => setTimeout(resolve, 200));
    abort.abort();
    await expect(waiting).rejects.toThrow();
  };

  it('stops waiting, so the abandoned queue is collected after the idle time-out', async () => {
    const registered = await org.api(alice)('POST', '/register', { event_types: ['message'] });
    const queueId = registered.json.queue_id as string;
    await pollUntilAborted(queueId);

    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const after = await org.api(alice)('GET', '/events', {
      queue_id: queueId,
      last_event_id: -1,
      dont_block: true,
    });
    expect(after.status).toBe(400);
    expect(after.json).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: queueId });
  });

  it('keeps a queue whose poll still waits, however long past the idle time-out', async () => {
    const registered = await org.api(alice)('POST', '/register', { event_types: ['message'] });
    const queueId = registered.json.queue_id as string;
    const waiting = org.api(alice)('GET', '/events', { queue_id: queueId, last_event_id: -1 });

    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await org.subscribe(alice, 'design');
    await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'still here',
      content: 'Hello',
    });
    const answered = await waiting;
    expect(answered.status).toBe(200);
    expect(answered.json.events).toEqual([
      expect.objectContaining({
        type: 'message',
        message: expect.objectContaining({ subject: 'still here' }),
      }),
    ]);
  });
});
