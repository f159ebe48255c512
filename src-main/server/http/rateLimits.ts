import { errors } from '../errors';
import { TimeRing } from './timeRing';

/** At most `count` requests in any `windowSeconds`. */
export interface RateRule {
  windowSeconds: number;
  count: number;
}

export interface RateRules {
  /** Every authenticated request, per user. */
  byUser: RateRule;
  /** Every unauthenticated request, per IP address. */
  byIp: RateRule;
  /** Password logins, per username: a success clears the count. */
  loginByUsername: RateRule;
}

// Zulip's defaults (RATE_LIMITING_RULES), as its API documentation states them.
export const zulipRateRules: RateRules = {
  byUser: { windowSeconds: 60, count: 200 },
  byIp: { windowSeconds: 60, count: 100 },
  loginByUsername: { windowSeconds: 30 * 60, count: 5 },
};

/** Which of a user's counts a request goes to: `eventQueue` for /events, as Zulip's Tornado. */
export type UserBucket = 'api' | 'eventQueue';

/** Where a caller stands under one limit, for Zulip's X-RateLimit-* headers. */
export interface RateStanding {
  limit: number;
  remaining: number;
  /** When every counted request will have left the window, in whole Unix seconds. */
  resetAt: number;
}

interface Log {
  rule: RateRule;
  times: TimeRing;
}

// Idle logs are dropped every so many requests, so that addresses and
// usernames seen once do not stay in memory.
const sweepEvery = 10_000;

/**
 * The limiter's clocks: monotonic for its windows, so that a wall clock
 * moved back by hours locks nobody out (nor forward, lets a burst through),
 * and the wall's for the reset times it announces.
 */
export interface RateClock {
  monotonicMs(): number;
  wallMs(): number;
}

const systemRateClock: RateClock = {
  monotonicMs: () => performance.now(),
  wallMs: () => Date.now(),
};

/**
 * Zulip's sliding-window limits: a request is refused while `count` others
 * fall in the last `windowSeconds`, and a refused one is not counted.
 */
export class RateLimits {
  readonly #logs = new Map<string, Log>();
  // Users by their number: no key string is built for the most common limit.
  readonly #userLogs = new Map<number, Log>();
  // Zulip serves /events from Tornado, whose rate limiter keeps buckets of its
  // own (RATE_LIMITING_DOMAINS_FOR_TORNADO): the same per-user rule, counted
  // apart from the user's other requests, so long polls do not eat their budget.
  readonly #eventQueueLogs = new Map<number, Log>();
  #taken = 0;

  constructor(
    readonly rules: RateRules,
    private readonly clock: RateClock = systemRateClock,
  ) {}

  /**
   * Counts a request by an authenticated user, noting where it stands in
   * `standings`; throws 429 when over the limit.
   */
  user(userId: number, standings: RateStanding[], bucket: UserBucket = 'api'): void {
    const logs = bucket === 'api' ? this.#userLogs : this.#eventQueueLogs;
    let log = logs.get(userId);
    if (!log) {
      log = { rule: this.rules.byUser, times: new TimeRing() };
      logs.set(userId, log);
    }
    this.#count(log, standings);
  }

  /** The same for an unauthenticated request from `ip`. */
  ip(ip: string, standings: RateStanding[]): void {
    this.#take(`ip:${ip}`, this.rules.byIp, standings);
  }

  /** The same for a password login as `username`. */
  login(username: string, standings: RateStanding[]): void {
    this.#take(`login:${username.toLowerCase()}`, this.rules.loginByUsername, standings);
  }

  /** The right password was given: earlier failures no longer count against the name. */
  loggedIn(username: string): void {
    this.#logs.delete(`login:${username.toLowerCase()}`);
  }

  #take(key: string, rule: RateRule, standings: RateStanding[]): void {
    let log = this.#logs.get(key);
    if (!log) {
      log = { rule, times: new TimeRing() };
      this.#logs.set(key, log);
    }
    this.#count(log, standings);
  }

  #count(log: Log, standings: RateStanding[]): void {
    const now = this.clock.monotonicMs();
    // Moments on the monotonic clock become epoch seconds through this offset.
    const toWall = this.clock.wallMs() - now;
    if (++this.#taken % sweepEvery === 0) this.#sweep(now);
    const { rule } = log;
    const windowMs = rule.windowSeconds * 1000;
    const { times } = log;
    times.dropUntil(now - windowMs);
    const counted = times.size;
    if (counted >= rule.count) {
      const leaves = times.oldest() + windowMs;
      standings.push({
        limit: rule.count,
        remaining: 0,
        resetAt: Math.floor((toWall + leaves) / 1000),
      });
      throw errors.rateLimited((leaves - now) / 1000);
    }
    times.push(now);
    standings.push({
      limit: rule.count,
      remaining: rule.count - counted - 1,
      resetAt: Math.floor((toWall + now + windowMs) / 1000),
    });
  }

  #sweep(now: number): void {
    for (const logs of [this.#logs, this.#userLogs, this.#eventQueueLogs] as Map<unknown, Log>[]) {
      for (const [key, { rule, times }] of logs) {
        if (times.size === 0 || times.newest() <= now - rule.windowSeconds * 1000) {
          logs.delete(key);
        }
      }
    }
  }
}

/** Writes the headers on an answer that came under any limit. */
export function writeRateHeaders(
  reply: { header(name: string, value: string): unknown },
  standings: readonly RateStanding[],
): void {
  const [first] = standings;
  if (!first) return;
  let { limit, remaining, resetAt } = first;
  for (let index = 1; index < standings.length; index++) {
    const standing = standings[index] as RateStanding;
    limit = Math.min(limit, standing.limit);
    remaining = Math.min(remaining, standing.remaining);
    resetAt = Math.max(resetAt, standing.resetAt);
  }
  // Lower case, as the HTTP layer would make them anyway, and one at a time:
  // these are written on every answer.
  reply.header('x-ratelimit-limit', String(limit));
  reply.header('x-ratelimit-remaining', String(remaining));
  reply.header('x-ratelimit-reset', String(resetAt));
}
