/**
 * A small seeded generator (mulberry32) so that one seed always yields the same
 * organization, on any machine and any Node version.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let i = 0; i < count && i < pool.length; i++) {
      const j = i + this.int(pool.length - i);
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool.slice(0, count);
  }
}

/**
 * Picks index i of `size` with probability proportional to 1 / (i + 1)^exponent:
 * the few busy topics, chatty people and common words of real conversation.
 */
export class Zipf {
  private readonly cumulative: Float64Array;

  constructor(size: number, exponent = 1) {
    this.cumulative = new Float64Array(size);
    let total = 0;
    for (let i = 0; i < size; i++) {
      total += 1 / (i + 1) ** exponent;
      this.cumulative[i] = total;
    }
    for (let i = 0; i < size; i++) this.cumulative[i] = (this.cumulative[i] ?? 0) / total;
  }

  get size(): number {
    return this.cumulative.length;
  }

  index(prng: Prng): number {
    const target = prng.next();
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.cumulative[middle] ?? 1) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
