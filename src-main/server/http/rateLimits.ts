import { errors } from '../errors';

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

/** Where a caller stands under one limit, for Zulip's X-RateLimit-* headers. */
export interface RateStanding {
  limit: number;
  remaining: number;
  /** Seconds until every counted request has left the window. */
  resetSeconds: number;
}

interface Log {
  rule: RateRule;
  /** Times of the counted requests in the window, oldest first, in ms. */
  times: number[];
}

// Idle logs are dropped every so many requests, so that addresses and
// usernames seen once do not stay in memory.
const sweepEvery = 10_000;

/**
 * Zulip's sliding-window limits: a request is refused while `count` others
 * fall in the last `windowSeconds`, and a refused one is not counted.
 */
export class RateLimits {
  readonly #logs = new Map<string, Log>();
  #taken = 0;

  constructor(
    readonly rules: RateRules,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts a request by an authenticated user, noting where it stands in
   * `standings`; throws 429 when over the limit.
   */
  user(userId: number, standings: RateStanding[]): void {
    this.#take(`user:${userId}`, this.rules.byUser, standings);
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
    const now = this.now();
    if (++this.#taken % sweepEvery === 0) this.#sweep(now);
    const windowMs = rule.windowSeconds * 1000;
    let log = this.#logs.get(key);
    if (!log) {
      log = { rule, times: [] };
      this.#logs.set(key, log);
    }
    const { times } = log;
    let expired = 0;
    while (expired < times.length && (times[expired] ?? 0) <= now - windowMs) expired++;
    if (expired > 0) times.splice(0, expired);
    if (times.length >= rule.count) {
      const wait = ((times[0] ?? now) + windowMs - now) / 1000;
      standings.push({ limit: rule.count, remaining: 0, resetSeconds: wait });
      throw errors.rateLimited(wait);
    }
    times.push(now);
    standings.push({
      limit: rule.count,
      remaining: rule.count - times.length,
      resetSeconds: rule.windowSeconds,
    });
  }

  #sweep(now: number): void {
    for (const [key, { rule, times }] of this.#logs) {
      const newest = times.at(-1);
      if (newest === undefined || newest <= now - rule.windowSeconds * 1000) this.#logs.delete(key);
    }
  }
}

/** Zulip's headers for the strictest of the limits a request came under. */
export function rateHeaders(
  standings: readonly RateStanding[],
  nowMs: number,
): Record<string, string> {
  if (standings.length === 0) return {};
  const limit = Math.min(...standings.map((standing) => standing.limit));
  const remaining = Math.min(...standings.map((standing) => standing.remaining));
  const reset = Math.max(...standings.map((standing) => standing.resetSeconds));
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(Math.floor(nowMs / 1000 + reset)),
  };
}
