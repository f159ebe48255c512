import type { ChatBridge, EmojiChoice } from '../../../src-preload/bridge';
import { errorText } from './errors';

/** The compose box's preview: the server's rendering of what is written. */
export type Preview =
  | { state: 'off' }
  | { state: 'loading' }
  | { state: 'shown'; html: string }
  | { state: 'failed'; error: string };

// What helps while writing, beside the message itself: the emoji names to
// complete (read once per account), the preview, and Zulip's enter_sends.
export class ComposeAidsStore {
  emoji = $state<EmojiChoice[]>([]);
  preview = $state<Preview>({ state: 'off' });
  error = $state<string | null>(null);
  #emojiAsked = false;
  // A later preview (or leaving it) wins over an earlier answer.
  #previews = 0;

  constructor(private readonly bridge: ChatBridge) {}

  /** Reads the emoji names, the first time the compose box needs them. */
  loadEmoji(): void {
    if (this.#emojiAsked) return;
    this.#emojiAsked = true;
    this.bridge.emojiList({}).then(
      ({ emoji }) => (this.emoji = emoji),
      () => (this.#emojiAsked = false),
    );
  }

  /** The organization's emoji changed: the next completion reads the names again. */
  forgetEmoji(): void {
    this.#emojiAsked = false;
    this.loadEmoji();
  }

  async showPreview(content: string): Promise<void> {
    const request = ++this.#previews;
    if (content.trim() === '') {
      this.preview = { state: 'shown', html: '' };
      return;
    }
    this.preview = { state: 'loading' };
    try {
      const { html } = await this.bridge.renderPreview({ content });
      if (request === this.#previews) this.preview = { state: 'shown', html };
    } catch (error) {
      if (request === this.#previews) this.preview = { state: 'failed', error: errorText(error) };
    }
  }

  hidePreview(): void {
    this.#previews += 1;
    this.preview = { state: 'off' };
  }

  /** Changes the setting on the server; the snapshot then follows its event. */
  async setEnterSends(enterSends: boolean): Promise<void> {
    try {
      await this.bridge.setEnterSends({ enterSends });
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  /** Forgets what belongs to the last account. */
  clear(): void {
    this.emoji = [];
    this.#emojiAsked = false;
    this.error = null;
    this.hidePreview();
  }
}
