/**
 * Messages whose only change is that they were read. The window shows it
 * (their unread marker goes) with the next message it is sent, or alone
 * after `laterMs`: a frame drawn for that alone is one that a message
 * arriving just then waits behind, and a marker may fade a moment later,
 * as Zulip's does. Only IDs wait; the messages are read when they go.
 */
export class HeldReads {
  readonly #ids = new Set<number>();
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly laterMs: number,
    private readonly send: (ids: readonly number[]) => void,
  ) {}

  hold(ids: readonly number[]): void {
    for (const id of ids) this.#ids.add(id);
    this.#timer ??= setTimeout(() => this.send(this.take()), this.laterMs);
  }

  /** What waits, to go now; nothing waits after. */
  take(): number[] {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    const ids = [...this.#ids];
    this.#ids.clear();
    return ids;
  }
}
