import type { ChatBridge, CustomEmojiPage } from '../../../src-preload/bridge';
import { base64Of } from './base64';
import { ServerPage } from './serverPage.svelte';

// The organization's own emoji. Changes go to the server; the page shows what
// its realm_emoji events then say, as it does for a change made elsewhere.
// Each picture comes from main as a data: URL, once, when the list names it.
export class CustomEmojiStore extends ServerPage<CustomEmojiPage> {
  /** Pictures by their URL on the server; absent until main hands one over. */
  pictures = $state<Record<string, string>>({});

  constructor(
    private readonly bridge: ChatBridge,
    private readonly accountId: () => string | null,
  ) {
    super(() => bridge.listCustomEmoji({}));
  }

  override async load(): Promise<void> {
    await super.load();
    const accountId = this.accountId();
    if (accountId === null) return;
    for (const emoji of this.page?.emoji ?? []) {
      if (emoji.imageUrl in this.pictures) continue;
      void this.bridge
        .emojiImage({ accountId, url: emoji.imageUrl })
        .then(({ dataUrl }) => (this.pictures[emoji.imageUrl] = dataUrl))
        .catch(() => undefined);
    }
  }

  override clear(): void {
    super.clear();
    this.pictures = {};
  }

  /** False when the server refused it, its reason then in `error`. */
  add(name: string, file: File): Promise<boolean> {
    return this.send(async () => {
      const image = base64Of(new Uint8Array(await file.arrayBuffer()));
      await this.bridge.addCustomEmoji({ name, image });
    });
  }

  remove(name: string): Promise<boolean> {
    return this.send(() => this.bridge.removeCustomEmoji({ name }));
  }
}
