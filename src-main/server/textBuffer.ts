// UTF-8 takes at most three bytes for one UTF-16 code unit.
const MAX_BYTES_PER_UNIT = 3;

/**
 * Text written piece by piece into one buffer that is kept from use to use,
 * then taken as a single string. Building a long string with `+=` leaves a
 * string object per piece, and a message to thousands of queues writes tens
 * of thousands of pieces.
 */
export class TextBuffer {
  #bytes = Buffer.allocUnsafe(16 * 1024);
  #length = 0;

  /** Empties the buffer, keeping its memory. */
  clear(): this {
    this.#length = 0;
    return this;
  }

  write(text: string): this {
    const needed = this.#length + text.length * MAX_BYTES_PER_UNIT;
    if (needed > this.#bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.#bytes.length * 2));
      this.#bytes.copy(grown, 0, 0, this.#length);
      this.#bytes = grown;
    }
    this.#length += this.#bytes.write(text, this.#length, 'utf8');
    return this;
  }

  toString(): string {
    return this.#bytes.toString('utf8', 0, this.#length);
  }
}
