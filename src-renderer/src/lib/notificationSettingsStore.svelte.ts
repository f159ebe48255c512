import type {
  ChatBridge,
  NotificationPage,
  NotificationSettings,
  StreamNotifications,
} from '../../../src-preload/bridge';
import type { DesktopStore } from './desktopStore.svelte';
import { errorText } from './errors';

export type StreamProperty = 'desktop_notifications' | 'audible_notifications';

// The notification settings of the account in the window. A change goes to
// the server and the page shows what the server then says, so a change made
// on another device shows here the same way.
export class NotificationSettingsStore {
  page = $state<NotificationPage | null>(null);
  error = $state<string | null>(null);
  #loads = 0;

  constructor(
    private readonly bridge: ChatBridge,
    private readonly desktop: DesktopStore,
  ) {}

  async load(): Promise<void> {
    const load = ++this.#loads;
    try {
      const page = await this.bridge.getNotificationSettings({});
      if (load === this.#loads) this.page = page;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  clear(): void {
    this.#loads += 1;
    this.page = null;
    this.error = null;
  }

  async change(patch: Partial<NotificationSettings>): Promise<void> {
    try {
      await this.bridge.changeNotificationSettings({ patch });
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
    // What the server holds now: the change once its event came, or the old value if it refused.
    await this.load();
  }

  async changeStream(
    stream: StreamNotifications,
    property: StreamProperty,
    value: boolean,
  ): Promise<void> {
    try {
      await this.bridge.changeStreamNotifications({ streamId: stream.streamId, property, value });
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
    await this.load();
  }

  /** Plays a sound as a notification would (main names the file: its default for one it lacks). */
  preview(path: string): void {
    this.desktop.play(path);
  }
}
