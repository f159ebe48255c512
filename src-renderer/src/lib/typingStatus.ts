import type { Destination } from '../../../src-preload/bridge';

// Zulip's timings: "start" is repeated every 10 seconds while the user keeps
// typing, and "stop" follows 5 seconds without a keystroke.
export const typingRepeatMs = 10_000;
export const typingIdleMs = 5_000;

export type SendTyping = (to: Destination, op: 'start' | 'stop') => void;

const keyOf = (to: Destination): string =>
  to.kind === 'stream'
    ? `stream:${to.streamId}:${to.topic.toLowerCase()}`
    : `private:${to.userIds.toSorted((a, b) => a - b).join(',')}`;

/**
 * What the user's own typing tells the others: "start" when writing to a
 * conversation begins (and again while it goes on), "stop" when the
 * user pauses, empties the box, sends, or turns to another conversation.
 */
export class TypingStatus {
  #to: Destination | null = null;
  #startedAt = 0;
  #idle: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: SendTyping,
    private readonly now: () => number = Date.now,
  ) {}

  /** A keystroke in the compose box: where the message goes, and what it holds now. */
  typed(to: Destination | null, content: string): void {
    if (this.#to && (to === null || keyOf(to) !== keyOf(this.#to) || content.trim() === '')) {
      this.stopped();
    }
    if (to === null || content.trim() === '') return;
    if (this.#to === null || this.now() - this.#startedAt >= typingRepeatMs) {
      this.#to = to;
      this.#startedAt = this.now();
      this.send(to, 'start');
    }
    if (this.#idle !== null) clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.stopped(), typingIdleMs);
  }

  /** The message was sent, or writing ended: the others stop seeing the user type. */
  stopped(): void {
    if (this.#idle !== null) clearTimeout(this.#idle);
    this.#idle = null;
    const to = this.#to;
    this.#to = null;
    if (to) this.send(to, 'stop');
  }
}
