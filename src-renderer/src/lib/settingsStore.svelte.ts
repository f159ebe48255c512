import type { CallArgs, ChatBridge, DisplayPatch } from '../../../src-preload/bridge';
import { errorText } from './errors';

/** The pages of the settings area. */
export type SettingsPage =
  | 'display'
  | 'account'
  | 'notifications'
  | 'mutedUsers'
  | 'organization'
  | 'linkifiers'
  | 'playgrounds'
  | 'network'
  | 'desktop';

// The settings area: which page is open, and the display and account changes
// it sends. The window shows a setting once the server's event has changed
// the snapshot, so a change made on another device shows the same way.
export class SettingsStore {
  page = $state<SettingsPage>('display');
  error = $state<string | null>(null);

  constructor(private readonly bridge: ChatBridge) {}

  clear(): void {
    this.error = null;
    this.notice = null;
  }

  changeDisplay(patch: DisplayPatch): Promise<void> {
    return this.#change(() => this.bridge.changeDisplaySettings({ patch }));
  }

  changeFolderGrouping(patch: CallArgs<'changeFolderGrouping'>['patch']): Promise<void> {
    return this.#change(() => this.bridge.changeFolderGrouping({ patch }));
  }

  /** Zulip's send_read_receipts: whether others see that the reader read a message. */
  setSendReadReceipts(enabled: boolean): Promise<void> {
    return this.#change(() => this.bridge.setSendReadReceipts({ enabled }));
  }

  /** Zulip's enable_drafts_synchronization: whether the server keeps the reader's drafts. */
  setDraftSynchronization(enabled: boolean): Promise<void> {
    return this.#change(() => this.bridge.setDraftSynchronization({ enabled }));
  }

  async #change(call: () => Promise<unknown>): Promise<void> {
    try {
      await call();
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  /** Set after a change the page confirms in words (a new password, a new key). */
  notice = $state<string | null>(null);

  /** False when the server refused the password, its reason then in `error`. */
  async changePassword(oldPassword: string, newPassword: string): Promise<boolean> {
    return this.#confirmed(
      () => this.bridge.changePassword({ oldPassword, newPassword }),
      'Your password is changed.',
    );
  }

  /** Main asks the person first; cancelled, the key stays and the notice says so. */
  async regenerateApiKey(): Promise<boolean> {
    return this.#confirmed(
      () => this.bridge.regenerateApiKey({}),
      'Your API key is new: programs that used the old one must be given this one.',
      'Cancelled: your API key is unchanged.',
    );
  }

  async #confirmed(
    call: () => Promise<{ ok?: boolean }>,
    notice: string,
    declinedNotice = notice,
  ): Promise<boolean> {
    try {
      const done = (await call()).ok !== false;
      this.error = null;
      this.notice = done ? notice : declinedNotice;
      return done;
    } catch (error) {
      this.error = errorText(error);
      this.notice = null;
      return false;
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
