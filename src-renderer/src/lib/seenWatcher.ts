/**
 * Tells which unread messages the reader sees: one IntersectionObserver for
 * the whole feed. A message counts as seen once half of it shows, or once it
 * fills half the view (a long one may never show half of itself), while the
 * window has the focus; those on screen when the focus returns are seen then.
 */
export class SeenWatcher {
  readonly #ids = new WeakMap<Element, number>();
  /** The messages showing enough right now, by element. */
  readonly #showing = new Map<Element, number>();
  #observer: IntersectionObserver | null = null;

  constructor(private readonly seen: (messageId: number) => void) {}

  /** Watches one message's element; returns the function that stops. */
  watch(node: Element, messageId: number): () => void {
    if (!this.#observer) {
      this.#observer = new IntersectionObserver((entries) => this.#changed(entries), {
        threshold: [0, 0.25, 0.5, 0.75, 1],
      });
      window.addEventListener('focus', () => this.#report());
    }
    this.#ids.set(node, messageId);
    this.#observer.observe(node);
    return () => {
      this.#observer?.unobserve(node);
      this.#showing.delete(node);
    };
  }

  #changed(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      const id = this.#ids.get(entry.target);
      const view = entry.rootBounds?.height ?? window.innerHeight;
      const enough =
        entry.isIntersecting &&
        (entry.intersectionRatio >= 0.5 || entry.intersectionRect.height >= view / 2);
      if (enough && id !== undefined) this.#showing.set(entry.target, id);
      else this.#showing.delete(entry.target);
    }
    this.#report();
  }

  #report(): void {
    if (!document.hasFocus()) return;
    for (const id of this.#showing.values()) this.seen(id);
  }
}
