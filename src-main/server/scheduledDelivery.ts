import type { Clock } from './clock';

/** What actions tell the delivery loop: a scheduled time may have changed. */
export interface ScheduledDeliveryPort {
  wake(): void;
}

/** For services that never send scheduled messages (benchmarks build an organization and stop). */
export const noScheduledDelivery: ScheduledDeliveryPort = { wake: () => undefined };

// A timer waiting for a far time can fire late after the computer sleeps, so
// the loop looks again at least this often while a message waits.
const RECHECK_MS = 60_000;

/**
 * The host's loop of Zulip's deliver_scheduled_messages worker: it sends
 * what is due when started (a host stopped over a message's time sends it
 * then) and sleeps until the soonest waiting message's time.
 */
export class ScheduledDelivery implements ScheduledDeliveryPort {
  private cancel: (() => void) | null = null;
  private running = false;

  constructor(
    private readonly clock: Clock,
    private readonly deliverDue: () => void,
    /** The soonest waiting message's time in seconds, or null. */
    private readonly soonest: () => number | null,
    private readonly log: (line: string) => void,
  ) {}

  start(): void {
    this.running = true;
    this.wake();
  }

  wake(): void {
    if (!this.running) return;
    this.cancel?.();
    this.cancel = null;
    try {
      this.deliverDue();
    } catch (error) {
      this.log(
        `scheduled delivery failed: ${error instanceof Error ? error.stack : String(error)}`,
      );
    }
    const next = this.soonest();
    if (next === null) return;
    const at = Math.min(next * 1000, this.clock.now() + RECHECK_MS);
    this.cancel = this.clock.at(at, () => this.wake());
  }

  stop(): void {
    this.running = false;
    this.cancel?.();
    this.cancel = null;
  }
}
