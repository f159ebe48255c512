import type { ChatBridge } from '../../../src-preload/bridge';
import { errorText } from './errors';
import { t } from './i18n.svelte';
import { emojiSrcAttribute, uploadSrcAttribute } from './sanitize';

/** The image the lightbox shows, large, over the window. */
export interface LightboxImage {
  accountId: string;
  /** The file's link, which the lightbox shows and saves. */
  href: string;
  name: string;
  /** Null while main fetches it. */
  dataUrl: string | null;
  error: string | null;
}

// Images are kept as the data: URLs main hands over, up to this many
// characters in all; the least recently shown go first.
const keptCharacters = 64 * 1024 * 1024;
// An image starts loading a little before it scrolls into view.
const nearView = '300px';

/**
 * The files messages link, which only main may read (with the account's key):
 * the images shown in messages, fetched as they come into view and kept a
 * while; the lightbox; and other files, saved to the Downloads folder.
 */
export class UploadedFilesStore {
  lightbox = $state<LightboxImage | null>(null);
  error = $state<string | null>(null);
  // Read when an image is drawn, never rendered: nothing needs to react to them.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #kept = new Map<string, string>();
  #keptSize = 0;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #loading = new Map<string, Promise<string>>();

  constructor(
    private readonly bridge: ChatBridge,
    private readonly accountId: () => string | null,
    /** A passing word at the foot of the window. */
    private readonly tell: (notice: string) => void,
  ) {}

  /** The image as a data: URL, from what is kept or from main. */
  image(accountId: string, href: string): Promise<string> {
    return this.#cached(`${accountId} ${href}`, () =>
      this.bridge.uploadedImage({ accountId, href }),
    );
  }

  /** What is kept under `key`, or what `fetch` brings, asked of main once however often wanted. */
  #cached(key: string, fetch: () => Promise<{ dataUrl: string }>): Promise<string> {
    const kept = this.#take(key);
    if (kept !== undefined) return Promise.resolve(kept);
    const loading = this.#loading.get(key);
    if (loading) return loading;
    const load = fetch()
      .then(({ dataUrl }) => {
        this.#keep(key, dataUrl);
        return dataUrl;
      })
      .finally(() => this.#loading.delete(key));
    this.#loading.set(key, load);
    return load;
  }

  /**
   * Shows the uploaded images under `node` (see sanitize.ts) as they come
   * near the view: at once those already kept, so that a message drawn again
   * does not flash. Returns the function that stops watching.
   */
  watch(node: Element): () => void {
    const accountId = this.accountId();
    if (accountId === null) return () => undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          void this.#fill(entry.target as HTMLImageElement, accountId);
        }
      },
      { rootMargin: nearView },
    );
    for (const image of node.querySelectorAll<HTMLImageElement>(`img[${uploadSrcAttribute}]`)) {
      if (!image.alt) image.alt = t('window.uploads.imageAlt');
      const href = image.getAttribute(uploadSrcAttribute) ?? '';
      const kept = this.#take(`${accountId} ${href}`);
      if (kept !== undefined) image.src = kept;
      else if (!image.src) observer.observe(image);
    }
    this.#showEmoji(node, accountId);
    return () => observer.disconnect();
  }

  // Custom emoji are small and few, each fetched once for every message that
  // shows it; an emoji main does not know (one removed since) keeps its name.
  #showEmoji(node: Element, accountId: string): void {
    for (const image of node.querySelectorAll<HTMLImageElement>(`img[${emojiSrcAttribute}]`)) {
      const src = image.getAttribute(emojiSrcAttribute) ?? '';
      const key = `${accountId} emoji ${src}`;
      const kept = this.#take(key);
      if (kept !== undefined) {
        image.src = kept;
        continue;
      }
      this.#cached(key, () => this.bridge.messageEmojiImage({ accountId, src }))
        .then((dataUrl) => (image.src = dataUrl))
        .catch(() => undefined);
    }
  }

  async #fill(image: HTMLImageElement, accountId: string): Promise<void> {
    const href = image.getAttribute(uploadSrcAttribute);
    if (href === null) return;
    image.classList.add('upload-loading');
    try {
      image.src = await this.image(accountId, href);
    } catch (error) {
      image.classList.add('upload-unavailable');
      image.title = t('window.uploads.imageFailed', { reason: errorText(error) });
    } finally {
      image.classList.remove('upload-loading');
    }
  }

  /** Opens the lightbox on an image of a message: its file, `href`, fetched when not kept. */
  async open(href: string, name: string): Promise<void> {
    const accountId = this.accountId();
    if (accountId === null) return;
    const shown: LightboxImage = { accountId, href, name, dataUrl: null, error: null };
    this.lightbox = shown;
    try {
      const dataUrl = await this.image(accountId, href);
      if (this.lightbox?.href === href) this.lightbox = { ...shown, dataUrl };
    } catch (error) {
      if (this.lightbox?.href === href) this.lightbox = { ...shown, error: errorText(error) };
    }
  }

  close(): void {
    this.lightbox = null;
  }

  /**
   * Saves a file a message links into the download folder, or where the
   * person says in main's save dialog, and says where; a cancelled dialog
   * needs no words.
   */
  async save(href: string): Promise<void> {
    const accountId = this.accountId();
    if (accountId === null) return;
    try {
      const saved = await this.bridge.saveUpload({ accountId, href });
      this.error = null;
      if (saved) this.tell(t('window.uploads.saved', { name: saved.name, path: saved.path }));
    } catch (error) {
      this.error = t('window.uploads.saveFailed', { reason: errorText(error) });
    }
  }

  /** Forgets what belongs to the last account. */
  clear(): void {
    this.lightbox = null;
    this.error = null;
  }

  #take(key: string): string | undefined {
    const kept = this.#kept.get(key);
    if (kept !== undefined) {
      this.#kept.delete(key);
      this.#kept.set(key, kept);
    }
    return kept;
  }

  #keep(key: string, dataUrl: string): void {
    if (dataUrl.length > keptCharacters) return;
    this.#keptSize += dataUrl.length - (this.#kept.get(key)?.length ?? 0);
    this.#kept.delete(key);
    this.#kept.set(key, dataUrl);
    for (const [oldest, url] of this.#kept) {
      if (this.#keptSize <= keptCharacters) break;
      this.#kept.delete(oldest);
      this.#keptSize -= url.length;
    }
  }
}
