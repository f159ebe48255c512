import type { HearthSound } from '../../wire';
import { Emitter } from '../emitter';

/** A desktop notification as the app hands it to the desktop. */
export interface ShownAlert {
  /** The app's name for it: a click is reported back with it (HearthApp.openAlert). */
  id: string;
  accountId: string;
  title: string;
  body: string;
}

/**
 * The port through which the app reaches the desktop. The Electron adapter
 * shows native notifications, silent, and sets the dock or taskbar badge; the
 * window plays the sounds, so the user's choice holds on every OS.
 */
export interface Notifier {
  show(alert: ShownAlert): void;
  play(sound: HearthSound): void;
  /** The count for the dock, taskbar and tray; 0 for none. */
  badge(count: number): void;
  /** Draws the eye to the app: its taskbar button flashes, its dock icon bounces. */
  flash(): void;
}

export interface PageNotifierEvents {
  notification: ShownAlert;
  sound: { sound: HearthSound };
}

/**
 * The notifier of the browser harness: it hands notifications and sounds to
 * the window, which shows them with the Web Notification API and plays them
 * with an <audio> element. The Electron adapter uses it for sounds alone.
 * The badge is in the app state the window already has.
 */
export class PageNotifier implements Notifier {
  readonly #events = new Emitter<PageNotifierEvents>((error) =>
    console.warn(`[hearth] page notifier listener failed: ${String(error)}`),
  );

  on<E extends keyof PageNotifierEvents>(
    event: E,
    listener: (payload: PageNotifierEvents[E]) => void,
  ): () => void {
    return this.#events.on(event, listener);
  }

  show(alert: ShownAlert): void {
    this.#events.emit('notification', alert);
  }

  play(sound: HearthSound): void {
    this.#events.emit('sound', { sound });
  }

  badge(): void {}

  // A browser tab has no taskbar button of its own to flash.
  flash(): void {}
}
