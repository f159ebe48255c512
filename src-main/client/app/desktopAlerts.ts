import { randomUUID } from 'node:crypto';
import type { AppState, Narrow } from '../../../src-preload/bridge';
import { keepNewest } from '../keepNewest';
import { doNotDisturbUntil, isQuiet, type DoNotDisturbChoice } from '../notify/doNotDisturb';
import type { Notifier } from '../ports/notifier';
import type { PreferenceFile } from '../preferences/preferenceFile';
import type { Alert } from '../runtime/accountAlerts';

/** What a shown notification opens when clicked. */
export interface AlertTarget {
  accountId: string;
  narrow: Narrow;
}

// Notifications older than this many are gone from the screen; a click on one is ignored.
const rememberedAlerts = 200;

const silentNotifier: Notifier = { show() {}, play() {}, badge() {}, flash() {} };

export interface DesktopAlertsOptions {
  notifier: Notifier | undefined;
  /** Where do-not-disturb is kept. */
  preferences: PreferenceFile;
  desktopQuiet: (() => boolean) | undefined;
  /** The person is at the window, which needs no flash to be noticed. */
  focused: () => boolean;
  now: () => number;
}

/**
 * What reaches the person outside the window: every account's notifications
 * and sounds, the badge, and the do-not-disturb that silences them.
 */
export class DesktopAlerts {
  readonly #options: DesktopAlertsOptions;
  readonly #notifier: Notifier;
  readonly #targets = new Map<string, AlertTarget>();
  #badge: number | null = null;

  constructor(options: DesktopAlertsOptions) {
    this.#options = options;
    this.#notifier = options.notifier ?? silentNotifier;
  }

  async setDoNotDisturb(choice: DoNotDisturbChoice | 'off'): Promise<void> {
    const now = new Date(this.#options.now());
    await this.#options.preferences.change({
      doNotDisturb: choice === 'off' ? null : { until: doNotDisturbUntil(choice, now) },
    });
  }

  doNotDisturb(): AppState['doNotDisturb'] {
    const setting = this.#options.preferences.values.doNotDisturb;
    return isQuiet(setting, this.#options.now()) ? setting : null;
  }

  badge(count: number): void {
    if (count === this.#badge) return;
    this.#badge = count;
    this.#notifier.badge(count);
  }

  /**
   * Shows each notification, plays one sound for them all and flashes the
   * taskbar or dock when the person asked for it, unless do-not-disturb is on.
   */
  deliver(accountId: string, alerts: readonly Alert[]): void {
    if (this.doNotDisturb() !== null || this.#options.desktopQuiet?.() === true) return;
    const { flashOnMessage } = this.#options.preferences.values;
    if (alerts.length > 0 && flashOnMessage && !this.#options.focused()) this.#notifier.flash();
    for (const alert of alerts) {
      if (!alert.notice) continue;
      const id = randomUUID();
      this.#targets.set(id, { accountId, narrow: alert.narrow });
      keepNewest(this.#targets, rememberedAlerts);
      this.#notifier.show({ id, accountId, ...alert.notice });
    }
    const sound = alerts.find((alert) => alert.sound !== null)?.sound;
    if (sound) this.#notifier.play(sound);
  }

  /** What the notification `id` shows, while it is still on the screen. */
  targetOf(id: string): AlertTarget | undefined {
    return this.#targets.get(id);
  }
}
