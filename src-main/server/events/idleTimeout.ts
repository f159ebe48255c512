/**
 * Zulip 12's idle_queue_timeout (feature level 481): how long a queue
 * nobody polls is kept, asked for at register in seconds or as "mobile"
 * (Zulip's MOBILE_EVENT_QUEUE_TIMEOUT_SECS, 12 hours), never longer than a
 * week (MAX_QUEUE_TIMEOUT_SECS). Zero, as Zulip's lifespan_secs before it,
 * asks for the server's default.
 */
export type IdleQueueTimeout = number | 'mobile';

const MOBILE_IDLE_SECONDS = 12 * 60 * 60;
const MAX_IDLE_SECONDS = 7 * 24 * 60 * 60;

/** The seconds a queue is kept idle, or undefined for the host's default. */
export function idleSecondsFor(requested: IdleQueueTimeout | undefined): number | undefined {
  if (requested === undefined || requested === 0) return undefined;
  return Math.min(requested === 'mobile' ? MOBILE_IDLE_SECONDS : requested, MAX_IDLE_SECONDS);
}
