import type { ChatBridge, DisplaySettings } from '../../../src-preload/bridge';
import { errorText } from './errors';

/** The pages of the settings area. */
export type SettingsPage = 'display' | 'account' | 'notifications' | 'organization';

// The settings area: which page is open, and the display and account changes
// it sends. The window shows a setting once the server's event has changed
// the snapshot, so a change made on another device shows the same way.
export class SettingsStore {
  page = $state<SettingsPage>('display');
  error = $state<string | null>(null);

  constructor(private readonly bridge: ChatBridge) {}

  clear(): void {
    this.error = null;
  }

  async changeDisplay(patch: Partial<DisplaySettings>): Promise<void> {
    try {
      await this.bridge.changeDisplaySettings({ patch });
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  /** False when the server refused the name, its reason then in `error`. */
  async changeFullName(fullName: string): Promise<boolean> {
    try {
      await this.bridge.changeFullName({ fullName });
      this.error = null;
      return true;
    } catch (error) {
      this.error = errorText(error);
      return false;
    }
  }
}
