// Zulip's web app reports a person idle after five minutes away.
const idleAfterMs = 5 * 60_000;

/** Whether the person is at the window: a focused window's messages do not notify, and presence follows. */
export class WindowFocus {
  readonly #now: () => number;
  #focused = false;
  #lastFocusedAt = Number.NEGATIVE_INFINITY;

  constructor(now: () => number) {
    this.#now = now;
  }

  get focused(): boolean {
    return this.#focused;
  }

  set(focused: boolean): void {
    // Losing the focus is the moment the person was last seen at the window.
    if (this.#focused || focused) this.#lastFocusedAt = this.#now();
    this.#focused = focused;
  }

  /** At the computer, for presence: the window has the focus, or had it lately, as Zulip's idle timer allows. */
  present(): boolean {
    return this.#focused || this.#now() - this.#lastFocusedAt < idleAfterMs;
  }
}
