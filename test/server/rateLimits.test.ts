import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RateLimits,
  zulipRateRules,
  type RateStanding,
} from '../../src-main/server/http/rateLimits';
import { ApiError } from '../../src-main/server/errors';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { createWebhookBot, fixture, postWebhook } from '../helpers/webhooks';

const password = 'correct horse battery staple';

describe("Zulip's rate limits over HTTP", () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg({ rateLimits: zulipRateRules });
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(async () => org?.close());

  it('tells every answer the limit, what remains of it and when it resets', async () => {
    const before = Math.floor(Date.now() / 1000);
    const first = await org.api(alice)('GET', '/users/me');
    const second = await org.api(alice)('GET', '/users/me');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('200');
    const remaining = Number(first.headers.get('x-ratelimit-remaining'));
    expect(remaining).toBeGreaterThan(0);
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(remaining - 1);
    const reset = Number(second.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(before + 59);
    expect(reset).toBeLessThanOrEqual(before + 61);
    // An error answer says it too.
    const refused = await org.api(alice)('GET', '/messages', { anchor: 'nowhere' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe(String(remaining - 2));
  });

  it('limits unauthenticated requests by address, at 100 a minute', async () => {
    const answer = await org.api()('GET', '/server_settings');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-ratelimit-limit')).toBe('100');
  });

  it('answers 429 after five failed logins for a name, even to the right password', async () => {
    const login = (username: string, given: string) =>
      org.api()('POST', '/fetch_api_key', { username, password: given });
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await login(bob.email, 'wrong')).json.code).toBe('AUTHENTICATION_FAILED');
    }
    // The right password clears the count, as in Zulip.
    expect((await login(bob.email, password)).status).toBe(200);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(bob.email, 'wrong')).json.code).toBe('AUTHENTICATION_FAILED');
    }
    const limited = await login(bob.email.toUpperCase(), password);
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({
      result: 'error',
      code: 'RATE_LIMIT_HIT',
      msg: 'API usage exceeded rate limit',
    });
    const wait = limited.json['retry-after'] as number;
    expect(wait).toBeGreaterThan(29 * 60);
    expect(wait).toBeLessThanOrEqual(30 * 60);
    expect(limited.headers.get('retry-after')).toBe(String(Math.ceil(wait)));
    expect(limited.json.api_key).toBeUndefined();
    // Another name is not held back, and the key still works.
    expect((await login(alice.email, password)).status).toBe(200);
    expect((await org.api(bob)('GET', '/users/me')).status).toBe(200);
  });
});

describe('a user over the per-user limit', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg({
      rateLimits: { ...zulipRateRules, byUser: { windowSeconds: 60, count: 3 } },
    });
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(async () => org?.close());

  it('is refused with 429 and when to come back, and others are not', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 3; call++) {
      statuses.push((await org.api(alice)('GET', '/users/me')).status);
    }
    const limited = await org.api(alice)('GET', '/users/me');
    expect(statuses).toEqual([200, 200, 200]);
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('RATE_LIMIT_HIT');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    const wait = limited.json['retry-after'] as number;
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(Number(limited.headers.get('retry-after'))).toBe(Math.ceil(wait));
    // A refused request sends nothing: no message is stored.
    const sent = await org.api(alice)('POST', '/messages', {
      type: 'private',
      to: JSON.stringify([bob.id]),
      content: 'over the limit',
    });
    expect(sent.status).toBe(429);
    const seen = await org.api(bob)('GET', '/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
    });
    const contents = (seen.json.messages as { content: string }[]).map((m) => m.content);
    expect(contents.join()).not.toContain('over the limit');
  });

  it("counts an incoming webhook against its bot's limit, with the same headers", async () => {
    const bot = await createWebhookBot(org, bob, 'hook');
    const post = () =>
      postWebhook(org, bot, 'helloworld', {
        query: { stream: 'general' },
        body: fixture('helloworld', 'hello.json'),
      });
    const statuses: number[] = [];
    let last;
    for (let call = 0; call < 4; call++) {
      last = await post();
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last?.json).toMatchObject({ code: 'RATE_LIMIT_HIT' });
    expect(last?.headers.get('x-ratelimit-limit')).toBe('3');
  });
});

describe('long polls under the per-user limit', () => {
  let org: Org;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg({
      rateLimits: { ...zulipRateRules, byUser: { windowSeconds: 60, count: 3 } },
    });
    alice = await org.user('alice');
  });
  afterAll(async () => org?.close());

  it("are counted apart from the user's other requests, as Zulip's Tornado counts them", async () => {
    const registered = await org.api(alice)('POST', '/register', { event_types: '["message"]' });
    expect(registered.status).toBe(200);
    const poll = () =>
      org.api(alice)('GET', '/events', {
        queue_id: registered.json.queue_id as string,
        last_event_id: '-1',
        dont_block: 'true',
      });
    const polls: number[] = [];
    for (let call = 0; call < 4; call++) polls.push((await poll()).status);
    expect(polls).toEqual([200, 200, 200, 429]);
    // Register was one of three; two more of the user's own requests still go through.
    const others: number[] = [];
    for (let call = 0; call < 3; call++) {
      others.push((await org.api(alice)('GET', '/users/me')).status);
    }
    expect(others).toEqual([200, 200, 429]);
  });
});

describe('the sliding window', () => {
  it('lets a request through again once the oldest counted one leaves the window', () => {
    let now = 1_000_000;
    const limits = new RateLimits(
      { ...zulipRateRules, byUser: { windowSeconds: 60, count: 2 } },
      { monotonicMs: () => now, wallMs: () => now },
    );
    limits.user(1, []);
    now += 10_000;
    limits.user(1, []);
    now += 5_000;
    const refused = (() => {
      try {
        limits.user(1, []);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refused).toBeInstanceOf(ApiError);
    // The first request leaves the window 45 s from now.
    expect((refused as ApiError).extra['retry-after']).toBe(45);
    now += 45_000;
    const standings: RateStanding[] = [];
    limits.user(1, standings);
    expect(standings[0]?.remaining).toBe(0);
    // Another user has a window of their own.
    limits.user(2, []);
  });

  it('keeps counting right while its log wraps round and grows', () => {
    let now = 0;
    const limits = new RateLimits(
      { ...zulipRateRules, byUser: { windowSeconds: 60, count: 100 } },
      { monotonicMs: () => now, wallMs: () => now },
    );
    const remaining = () => {
      const standings: RateStanding[] = [];
      limits.user(1, standings);
      return standings[0]?.remaining;
    };
    // Ten requests a second apart, then the first five leave the window: the
    // log's front has moved on when the next thirty make it wrap and grow.
    for (let index = 0; index < 10; index++, now += 1_000) remaining();
    now = 64_500;
    expect(remaining()).toBe(100 - 6);
    for (let index = 0; index < 29; index++) remaining();
    expect(remaining()).toBe(100 - 36);
    // The oldest still counted is the sixth request, made at 5 s: it leaves at 65 s.
    now = 65_000;
    expect(remaining()).toBe(100 - 36);
    for (let index = 0; index < 64; index++) remaining();
    const refused = (() => {
      try {
        limits.user(1, []);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect((refused as ApiError).extra['retry-after']).toBe(1);
  });

  it('counts by the time that passed, not by the wall clock moved back or forward by hours', () => {
    let elapsed = 0;
    let wall = Date.UTC(2026, 10, 29, 12);
    const limits = new RateLimits(
      { ...zulipRateRules, byUser: { windowSeconds: 60, count: 2 } },
      { monotonicMs: () => elapsed, wallMs: () => wall },
    );
    limits.user(1, []);
    limits.user(1, []);
    // The clock is set back three hours: the window still ends a minute after the first.
    wall -= 3 * 3_600_000;
    elapsed += 30_000;
    wall += 30_000;
    const refusal = (() => {
      try {
        limits.user(1, []);
      } catch (error) {
        return error as ApiError;
      }
      return undefined;
    })();
    expect(refusal?.extra['retry-after']).toBe(30);
    elapsed += 30_000;
    wall += 30_000;
    const standings: RateStanding[] = [];
    limits.user(1, standings);
    // The reset it announces is on the wall clock as it reads now.
    expect(standings[0]?.resetAt).toBe(Math.floor((wall + 60_000) / 1000));

    // Set forward a day: the requests of the last minute still count.
    wall += 24 * 3_600_000;
    elapsed += 1_000;
    limits.user(1, []);
    expect(() => limits.user(1, [])).toThrow(ApiError);
  });
});
