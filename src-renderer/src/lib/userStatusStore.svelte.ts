import type { ChatBridge, StatusEmoji } from '../../../src-preload/bridge';
import { errorText } from './errors';

// The reader's status: the "Set status" dialog and the personal menu's
// changes. Each goes to the server; the window shows the result when the
// server's event comes back in the snapshot.
export class UserStatusStore {
  /** The "Set status" dialog is open. */
  editing = $state(false);
  /** A change is on its way to the server. */
  saving = $state(false);
  error = $state<string | null>(null);

  constructor(
    private readonly bridge: ChatBridge,
    /** A passing word at the foot of the window, for changes made from the menu. */
    private readonly tell: (notice: string) => void,
  ) {}

  edit(): void {
    this.error = null;
    this.editing = true;
  }

  close(): void {
    this.editing = false;
    this.error = null;
  }

  /** Sets the text and emoji; the dialog closes once the server took them. */
  async save(text: string, emoji: StatusEmoji | null): Promise<void> {
    this.saving = true;
    try {
      await this.bridge.setStatus({
        text,
        emoji: emoji && {
          name: emoji.name,
          code: emoji.code,
          type: emoji.type as 'unicode_emoji',
        },
      });
      this.close();
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.saving = false;
    }
  }

  /** Clears the text and emoji at once, as the personal menu's "Clear status" does. */
  async clear(): Promise<void> {
    await this.#fromMenu(() => this.bridge.setStatus({ text: '', emoji: null }));
  }

  async setAway(away: boolean): Promise<void> {
    await this.#fromMenu(() => this.bridge.setAway({ away }));
  }

  async #fromMenu(call: () => Promise<unknown>): Promise<void> {
    try {
      await call();
    } catch (error) {
      this.tell(errorText(error));
    }
  }
}
