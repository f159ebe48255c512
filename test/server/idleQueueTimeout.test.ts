import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 12's idle_queue_timeout (feature level 481): register takes how long
// the queue may go unpolled, in seconds or as "mobile", answers with
// idle_queue_timeout_secs, and the queue is collected after that long.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('idle_queue_timeout at register', () => {
  let org: Org;
  let alice: TestUser;
  const register = (params: Record<string, unknown>) =>
    org.api(alice)('POST', '/register', { fetch_event_types: [], ...params });

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org?.close());

  it.each([
    [{}, 600],
    [{ idle_queue_timeout: 0 }, 600],
    [{ idle_queue_timeout: 90 }, 90],
    [{ idle_queue_timeout: 3600 }, 3600],
    // A JSON string, as zulip-flutter's IdleQueueTimeout.mobile sends it.
    [{ idle_queue_timeout: '"mobile"' }, 12 * 60 * 60],
    [{ idle_queue_timeout: 30 * 24 * 60 * 60 }, 7 * 24 * 60 * 60],
  ])('answers %j with idle_queue_timeout_secs %i', async (params, seconds) => {
    const answer = await register(params);
    expect(answer.status).toBe(200);
    expect(answer.json.idle_queue_timeout_secs).toBe(seconds);
  });

  it.each(['-5', '1.5', 'mobile', '"desktop"', 'true'])(
    'refuses idle_queue_timeout=%s as a bad request, registering nothing',
    async (raw) => {
      const response = await fetch(`${org.url}/api/v1/register`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ idle_queue_timeout: raw }).toString(),
      });
      expect(response.status).toBe(400);
      const json = (await response.json()) as { code: string; msg: string };
      expect(json.code).toBe('BAD_REQUEST');
      expect(json.msg).toContain('idle_queue_timeout');
    },
  );
});

describe('collecting idle queues by their own timeout', () => {
  let org: Org;
  let alice: TestUser;
  const queueWith = async (params: Record<string, unknown>) =>
    (await org.api(alice)('POST', '/register', { fetch_event_types: [], ...params })).json
      .queue_id as string;
  const poll = (queueId: string) =>
    org.api(alice)('GET', '/events', { queue_id: queueId, dont_block: true });

  beforeAll(async () => {
    org = await startOrg({ queueTimeouts: { heartbeatMs: 60_000, idleMs: 1_000 } });
    alice = await org.user('alice');
  });
  afterAll(() => org?.close());

  it('keeps a queue that asked for longer after the default has passed, across a restart too', async () => {
    const short = await queueWith({});
    const long = await queueWith({ idle_queue_timeout: 60 });
    await sleep(2_500);
    const gone = await poll(short);
    expect(gone.status).toBe(400);
    expect(gone.json).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: short });
    expect((await poll(long)).json.result).toBe('success');

    await org.restart();
    await sleep(1_500);
    const after = await poll(long);
    expect(after.json).toMatchObject({ result: 'success', events: [] });
  }, 15_000);

  it('collects a queue that asked for less than the default once its own time has passed', async () => {
    await org.close();
    org = await startOrg({ queueTimeouts: { heartbeatMs: 60_000, idleMs: 6_000 } });
    alice = await org.user('alice');
    const brief = await queueWith({ idle_queue_timeout: 1 });
    const usual = await queueWith({});
    expect(
      (await org.api(alice)('POST', '/register', { idle_queue_timeout: 1 })).json
        .idle_queue_timeout_secs,
    ).toBe(1);
    await org.restart();
    await sleep(4_500);
    expect((await poll(brief)).json).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID' });
    expect((await poll(usual)).json.result).toBe('success');
  }, 15_000);
});
