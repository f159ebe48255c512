import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src-main/client/api';
import { ApiError } from '../../src-main/client/api/errors';
import { zulipRateRules } from '../../src-main/server/http/rateLimits';
import { startOrg, type Org, type TestUser } from '../helpers/org';

let org: Org;
let alice: TestUser;

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
});

afterAll(() => org.close());

describe('API errors', () => {
  it("carries Zulip's error code and the HTTP status", async () => {
    const api = createApi({ serverUrl: org.url, email: alice.email, apiKey: alice.apiKey });

    const failure = api.getEvents({ queueId: '1:999', lastEventId: -1, dontBlock: true });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', status: 400 });
  });

  it('names a missing stream with STREAM_DOES_NOT_EXIST and keeps the extra fields of the error', async () => {
    const api = createApi({ serverUrl: org.url, email: alice.email, apiKey: alice.apiKey });

    const failure = api.sendStreamMessage({ stream: 'nowhere', topic: 't', content: 'c' });

    await expect(failure).rejects.toMatchObject({
      code: 'STREAM_DOES_NOT_EXIST',
      body: { stream: 'nowhere' },
    });
  });

  it('accepts a server URL with or without a trailing slash', async () => {
    const withSlash = createApi({
      serverUrl: `${org.url}/`,
      email: alice.email,
      apiKey: alice.apiKey,
    });

    expect((await withSlash.getIdentity()).email).toBe(alice.email);
  });
});

describe('a rate limit', () => {
  let limited: Org;
  let bob: TestUser;

  beforeAll(async () => {
    limited = await startOrg({
      rateLimits: { ...zulipRateRules, byUser: { windowSeconds: 2, count: 3 } },
    });
    bob = await limited.user('bob');
  });
  afterAll(() => limited.close());

  it('is waited out by reads and by register, which then succeed', async () => {
    const api = createApi({ serverUrl: limited.url, email: bob.email, apiKey: bob.apiKey });
    const reads = await Promise.all([
      api.getIdentity(),
      api.getSubscriptions(),
      api.getIdentity(),
      api.getMembers(),
      api.register(),
    ]);
    expect(reads[0]).toMatchObject({ email: bob.email });
    expect(reads[4]).toMatchObject({ queue_id: expect.any(String) });
  });

  it('is shown at once for a send, which the outbox retries itself', async () => {
    const api = createApi({ serverUrl: limited.url, email: bob.email, apiKey: bob.apiKey });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const sends = await Promise.allSettled(
      [1, 2, 3, 4].map((n) =>
        api.sendStreamMessage({ stream: 'general', topic: 't', content: `${n}` }),
      ),
    );
    const refused = sends.filter((send) => send.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ reason: { status: 429, code: 'RATE_LIMIT_HIT' } });
  });
});
