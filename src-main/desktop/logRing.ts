export interface LogLine {
  time: number;
  source: 'stdout' | 'stderr' | 'hosting';
  text: string;
}

/** The most recent `capacity` log lines; each new line past capacity overwrites the oldest. */
export class LogRing {
  readonly #slots: LogLine[] = [];
  #next = 0;

  constructor(readonly capacity: number) {}

  push(line: LogLine): void {
    this.#slots[this.#next] = line;
    this.#next = (this.#next + 1) % this.capacity;
  }

  /** Oldest first. */
  lines(): LogLine[] {
    if (this.#slots.length < this.capacity) return [...this.#slots];
    return [...this.#slots.slice(this.#next), ...this.#slots.slice(0, this.#next)];
  }
}
