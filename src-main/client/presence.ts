import type { ModernPresence } from '../wire';
import type { Api } from './api';

export type PresenceStatus = 'active' | 'idle' | 'offline';

/** Zulip 7.0's cadence when a server does not say its own (feature level 164). */
export const defaultPresenceTiming = { pingIntervalSeconds: 60, offlineThresholdSeconds: 140 };

/**
 * Zulip's reading of a user's presence: active while their last activity is
 * recent, idle while only their last connection is, offline after that.
 */
export function presenceStatus(
  presence: ModernPresence | undefined,
  nowSeconds: number,
  offlineThresholdSeconds: number,
): PresenceStatus {
  if (!presence) return 'offline';
  if (nowSeconds - presence.active_timestamp < offlineThresholdSeconds) return 'active';
  if (nowSeconds - presence.idle_timestamp < offlineThresholdSeconds) return 'idle';
  return 'offline';
}

export interface PresenceOptions {
  api: Api;
  /** The person is at the computer: the window had the focus lately. */
  active: () => boolean;
  timing: () => { pingIntervalSeconds: number; offlineThresholdSeconds: number };
  /** Everyone's presence was read afresh. */
  onChange: () => void;
  log: (line: string) => void;
}

/**
 * Reports the user's presence each interval, as Zulip's clients do, and keeps
 * everyone's presence from the answer; the server's clock judges how old each is.
 */
export class Presence {
  readonly #options: PresenceOptions;
  #presences = new Map<number, ModernPresence>();
  /** Zulip 9's presence_last_update_id: the next report asks only for changes after it. */
  #lastUpdateId: number | undefined;
  /** The server's clock minus this one's, in seconds. */
  #skew = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;

  constructor(options: PresenceOptions) {
    this.#options = options;
  }

  start(): void {
    this.#stopped = false;
    void this.#ping();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  statusOf(userId: number, now = Date.now()): PresenceStatus {
    return presenceStatus(
      this.#presences.get(userId),
      now / 1000 + this.#skew,
      this.#options.timing().offlineThresholdSeconds,
    );
  }

  async #ping(): Promise<void> {
    const { api, active, timing, onChange, log } = this.#options;
    try {
      const asked = this.#lastUpdateId;
      const answer = await api.updatePresence(active() ? 'active' : 'idle', asked);
      this.#skew = answer.server_timestamp - Date.now() / 1000;
      const reported = Object.entries(answer.presences).map(
        ([id, presence]) => [Number(id), presence] as const,
      );
      // An answer to a report that named an update ID holds only what changed since.
      const changesOnly = asked !== undefined && answer.presence_last_update_id !== undefined;
      this.#presences = changesOnly
        ? new Map([...this.#presences, ...reported])
        : new Map(reported);
      this.#lastUpdateId = answer.presence_last_update_id;
      if (!this.#stopped) onChange();
    } catch (error) {
      // Offline: everyone's last known presence ages into offline by itself.
      log(`presence: ${String(error)}`);
    }
    if (this.#stopped) return;
    this.#timer = setTimeout(() => void this.#ping(), timing().pingIntervalSeconds * 1000);
  }
}
