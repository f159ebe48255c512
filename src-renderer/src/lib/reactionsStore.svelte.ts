import type { ChatBridge, EmojiPicker, PickerEmoji } from '../../../src-preload/bridge';
import { errorText } from './errors';
import { t } from './i18n.svelte';

/** What the emoji picker is open for: a message's reactions, or the compose box. */
export interface PickerRequest {
  /** Where it opens beside, and where the focus goes back to. */
  anchor: HTMLElement;
  pick: (emoji: PickerEmoji) => void;
  label: string;
  /** The picker that shows it, where one is inside a modal dialog; the window's own otherwise. */
  host?: string;
}

// The emoji picker and the reactions under messages: the picker's emoji are
// read once per account, and a reaction goes to main, whose server's event
// then changes the chips.
export class ReactionsStore {
  picker = $state<EmojiPicker | null>(null);
  open = $state<PickerRequest | null>(null);
  #asked = false;
  // Read when a picture is drawn, never rendered: nothing needs to react to them.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #images = new Map<string, Promise<string>>();

  constructor(
    private readonly bridge: ChatBridge,
    private readonly accountId: () => string | null,
    /** A passing word at the foot of the window. */
    private readonly tell: (notice: string) => void,
  ) {}

  /** Reads the picker's emoji, the first time it opens. */
  load(): void {
    if (this.#asked) return;
    this.#asked = true;
    this.bridge.emojiPicker({}).then(
      (picker) => (this.picker = picker),
      (error: unknown) => {
        this.#asked = false;
        this.tell(errorText(error));
      },
    );
  }

  /** Opens the picker to react to a message. */
  openFor(messageId: number, anchor: HTMLElement): void {
    this.show({
      anchor,
      label: t('window.reactions.add'),
      pick: (emoji) => {
        this.#putFirst(emoji.key);
        void this.toggle(messageId, emoji);
      },
    });
  }

  show(request: PickerRequest): void {
    this.load();
    this.open = request;
  }

  /** Closes the picker; the focus goes back where it opened from, when asked. */
  close(returnFocus: boolean): void {
    const anchor = this.open?.anchor;
    this.open = null;
    if (returnFocus && anchor?.isConnected) anchor.focus();
  }

  /** Adds the viewer's reaction, or takes it back; a refusal (offline) says why. */
  async toggle(
    messageId: number,
    emoji: Pick<PickerEmoji, 'name' | 'code' | 'type'>,
  ): Promise<void> {
    try {
      await this.bridge.toggleReaction({
        messageId,
        emoji: { name: emoji.name, code: emoji.code, type: emoji.type as 'unicode_emoji' },
      });
    } catch (error) {
      this.tell(errorText(error));
    }
  }

  // What the reader just picked comes first next time, without reading every emoji again.
  #putFirst(key: string): void {
    const picker = this.picker;
    if (!picker) return;
    picker.frequent = [key, ...picker.frequent.filter((other) => other !== key)].slice(0, 16);
  }

  /** An organization's emoji's picture, from main as a data: URL, kept for the account. */
  image(url: string): Promise<string> {
    const accountId = this.accountId();
    if (accountId === null) return Promise.reject(new Error(t('window.reactions.noAccount')));
    const key = `${accountId} ${url}`;
    let image = this.#images.get(key);
    if (!image) {
      image = this.bridge.emojiImage({ accountId, url }).then(({ dataUrl }) => dataUrl);
      image.catch(() => this.#images.delete(key));
      this.#images.set(key, image);
    }
    return image;
  }

  /** The organization's emoji changed: the picker reads its emoji again, now if it is open. */
  forgetPicker(): void {
    this.#asked = false;
    if (this.open) this.load();
    else this.picker = null;
  }

  /** Forgets what belongs to the last account. */
  clear(): void {
    this.open = null;
    this.picker = null;
    this.#asked = false;
  }
}
