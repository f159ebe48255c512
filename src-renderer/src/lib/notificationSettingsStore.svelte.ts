import type {
  ChatBridge,
  NotificationPage,
  NotificationSettings,
  StreamNotifications,
} from '../../../src-preload/bridge';
import type { DesktopStore } from './desktopStore.svelte';
import { ServerPage } from './serverPage.svelte';

export type StreamProperty = 'desktop_notifications' | 'audible_notifications';

// The notification settings of the account in the window. A change goes to
// the server and the page shows what the server then says, so a change made
// on another device shows here the same way.
export class NotificationSettingsStore extends ServerPage<NotificationPage> {
  constructor(
    private readonly bridge: ChatBridge,
    private readonly desktop: DesktopStore,
  ) {
    super(() => bridge.getNotificationSettings({}));
  }

  async change(patch: Partial<NotificationSettings>): Promise<void> {
    await this.send(() => this.bridge.changeNotificationSettings({ patch }));
  }

  async changeStream(
    stream: StreamNotifications,
    property: StreamProperty,
    value: boolean,
  ): Promise<void> {
    await this.send(() =>
      this.bridge.changeStreamNotifications({ streamId: stream.streamId, property, value }),
    );
  }

  /** Plays a sound as a notification would (main names the file: its default for one it lacks). */
  preview(path: string): void {
    this.desktop.play(path);
  }
}
