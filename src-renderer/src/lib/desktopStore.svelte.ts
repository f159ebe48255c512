import type {
  AppPreferences,
  AppState,
  CallArgs,
  ChatBridge,
  DoNotDisturb,
  EventPayload,
} from '../../../src-preload/bridge';
import { afterPaint } from './afterPaint';
import { DownloadFolderStore } from './downloadFolderStore.svelte';
import { SpellingStore } from './spellingStore.svelte';
import { errorText } from './errors';
import { formatNumber } from './localeFormat.svelte';
import { shareUnchanged } from './shareUnchanged';

export type DoNotDisturbChoice = 'hour' | 'tomorrow' | 'untilOff' | 'off';

// A name, which every language writes as it is.
const productName = 'Hearth';

// What the window does for the desktop: it plays the notification sounds
// through its <audio> element, shows the notifications main hands it (in a
// browser, with the Web Notification API), tells main whether it has the
// focus, and keeps the badge in the window's title.
export class DesktopStore {
  badge = $state(0);
  doNotDisturb = $state.raw<DoNotDisturb | null>(null);
  preferences = $state.raw<AppPreferences | null>(null);
  error = $state<string | null>(null);
  /** The element sounds play through, once the window has rendered it. */
  player: HTMLAudioElement | null = null;
  /** Settings › Desktop's folder for saved files, which main's dialog picks. */
  readonly downloadFolder: DownloadFolderStore;
  /** The spell-checker's languages Settings › Desktop offers. */
  readonly spelling: SpellingStore;
  /** The title the badge asks for, and whether setting it waits for a paint. */
  #title = productName;
  #titleQueued = false;

  constructor(
    private readonly bridge: ChatBridge,
    private readonly on: {
      notificationClicked: (id: string) => void;
      /** A link to a file uploaded to a known organization: main saves it. */
      uploadClicked: (href: string) => void;
    },
  ) {
    this.downloadFolder = new DownloadFolderStore(bridge, (state) => this.applyAppState(state));
    this.spelling = new SpellingStore(bridge);
  }

  start(): void {
    this.bridge.on('sound', ({ path }) => this.play(path));
    this.bridge.on('notification', (alert) => void this.show(alert));
    const report = () =>
      void this.bridge
        .setWindowFocus({
          focused: document.visibilityState === 'visible' && document.hasFocus(),
        })
        .catch(() => undefined);
    document.addEventListener('click', (event) => this.followLink(event));
    window.addEventListener('focus', report);
    window.addEventListener('blur', report);
    document.addEventListener('visibilitychange', report);
    // A title waiting for a paint would wait as long as the window is hidden.
    document.addEventListener('visibilitychange', () => this.#setTitle());
    report();
  }

  applyAppState(state: AppState): void {
    this.badge = state.badge;
    this.doNotDisturb = shareUnchanged(this.doNotDisturb, state.doNotDisturb);
    this.preferences = shareUnchanged(this.preferences, state.preferences);
    this.#showTitle(
      state.badge > 0 ? `(${formatNumber(state.badge)}) ${productName}` : productName,
    );
  }

  // Setting the title is a round trip to the browser, near a millisecond.
  #showTitle(title: string): void {
    this.#title = title;
    if (this.#titleQueued) return;
    this.#titleQueued = true;
    afterPaint(() => this.#setTitle());
  }

  #setTitle(): void {
    this.#titleQueued = false;
    if (document.title !== this.#title) document.title = this.#title;
  }

  async setDoNotDisturb(choice: DoNotDisturbChoice): Promise<void> {
    try {
      this.applyAppState(await this.bridge.setDoNotDisturb({ choice }));
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  async setPreference(patch: CallArgs<'setPreferences'>['patch']): Promise<void> {
    // Shown at once: a second change made before main answers the first (a
    // second language ticked) builds on it rather than on what main last said.
    const before = this.preferences;
    const shown = before && { ...before, ...definedOf(patch) };
    if (shown) this.preferences = shown;
    try {
      this.applyAppState(await this.bridge.setPreferences({ patch }));
      this.error = null;
    } catch (error) {
      // Refused: back to what main holds, unless main has said more since.
      if (this.preferences === shown) this.preferences = before;
      this.error = errorText(error);
    }
  }

  /** Plays a sound beside the page; also the settings page's preview. */
  play(path: string): void {
    const player = this.player;
    if (!player) return;
    player.src = path;
    // A browser may refuse to play before the user has touched the page; nothing is lost.
    player.play().catch(() => undefined);
  }

  /**
   * A link in a message: main says whether it opens in the app (a narrow of
   * a known organization), is a file uploaded there (which main saves), or
   * opens outside, where the window hands it to the OS.
   */
  private followLink(event: MouseEvent): void {
    const link = (event.target as Element | null)?.closest?.(
      '.message-content a[href], a[data-external-link][href]',
    );
    const href = link?.getAttribute('href');
    if (!href || event.defaultPrevented) return;
    event.preventDefault();
    this.bridge.openLink({ href }).then(
      (target) => {
        if (target.kind === 'external' && target.url) {
          window.open(target.url, '_blank', 'noopener,noreferrer');
        }
        if (target.kind === 'upload') this.on.uploadClicked(href);
      },
      (error: unknown) => (this.error = errorText(error)),
    );
  }

  private async show(alert: EventPayload<'notification'>): Promise<void> {
    if (!('Notification' in window)) return;
    if (Notification.permission === 'default') await Notification.requestPermission();
    if (Notification.permission !== 'granted') return;
    // Silent: the window plays the user's chosen sound itself.
    const notification = new Notification(alert.title, {
      body: alert.body,
      tag: alert.id,
      silent: true,
    });
    notification.addEventListener('click', () => {
      window.focus();
      notification.close();
      this.on.notificationClicked(alert.id);
    });
  }
}

/** The patch's values, without the keys it leaves out. */
const definedOf = (patch: CallArgs<'setPreferences'>['patch']): Partial<AppPreferences> =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
