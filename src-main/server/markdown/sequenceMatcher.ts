// The longest-matching-block comparison of Python's difflib, which lxml's
// htmldiff (and so Zulip's content_html_diff) uses to line two token lists up.

export interface Opcode {
  tag: 'equal' | 'replace' | 'delete' | 'insert';
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

interface Block {
  a: number;
  b: number;
  size: number;
}

// difflib's autojunk: in a long sequence, items more frequent than 1% are too
// common to anchor a match on (matches may still extend over them).
function indexOf(b: readonly string[]): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  b.forEach((item, index) => {
    const list = positions.get(item);
    if (list) list.push(index);
    else positions.set(item, [index]);
  });
  if (b.length >= 200) {
    const popular = Math.floor(b.length / 100) + 1;
    for (const [item, list] of positions) if (list.length > popular) positions.delete(item);
  }
  return positions;
}

function longestMatch(
  a: readonly string[],
  b: readonly string[],
  positions: Map<string, number[]>,
  range: { aLow: number; aHigh: number; bLow: number; bHigh: number },
): Block {
  const { aLow, aHigh, bLow, bHigh } = range;
  let best: Block = { a: aLow, b: bLow, size: 0 };
  // Length of the match ending at (i - 1, j), by j.
  let endingAt = new Map<number, number>();
  for (let i = aLow; i < aHigh; i += 1) {
    const next = new Map<number, number>();
    for (const j of positions.get(a[i] ?? '') ?? []) {
      if (j < bLow) continue;
      if (j >= bHigh) break;
      const size = (endingAt.get(j - 1) ?? 0) + 1;
      next.set(j, size);
      if (size > best.size) best = { a: i - size + 1, b: j - size + 1, size };
    }
    endingAt = next;
  }
  while (best.a > aLow && best.b > bLow && a[best.a - 1] === b[best.b - 1]) {
    best = { a: best.a - 1, b: best.b - 1, size: best.size + 1 };
  }
  while (
    best.a + best.size < aHigh &&
    best.b + best.size < bHigh &&
    a[best.a + best.size] === b[best.b + best.size]
  ) {
    best = { ...best, size: best.size + 1 };
  }
  return best;
}

function matchingBlocks(a: readonly string[], b: readonly string[]): Block[] {
  const positions = indexOf(b);
  const pending = [{ aLow: 0, aHigh: a.length, bLow: 0, bHigh: b.length }];
  const found: Block[] = [];
  for (let range = pending.pop(); range; range = pending.pop()) {
    const block = longestMatch(a, b, positions, range);
    if (block.size === 0) continue;
    found.push(block);
    if (range.aLow < block.a && range.bLow < block.b) {
      pending.push({ aLow: range.aLow, aHigh: block.a, bLow: range.bLow, bHigh: block.b });
    }
    if (block.a + block.size < range.aHigh && block.b + block.size < range.bHigh) {
      pending.push({
        aLow: block.a + block.size,
        aHigh: range.aHigh,
        bLow: block.b + block.size,
        bHigh: range.bHigh,
      });
    }
  }
  found.sort((x, y) => x.a - y.a || x.b - y.b);
  const merged: Block[] = [];
  for (const block of found) {
    const last = merged.at(-1);
    if (last && last.a + last.size === block.a && last.b + last.size === block.b) {
      merged[merged.length - 1] = { ...last, size: last.size + block.size };
    } else {
      merged.push(block);
    }
  }
  return merged;
}

/**
 * The edit script turning `a` into `b`. As lxml's htmldiff does, matches of
 * two items or fewer (a quarter of `b` when that is less) are not kept, so a
 * rewritten sentence reads as one replacement rather than a patchwork.
 */
export function opcodes(a: readonly string[], b: readonly string[]): Opcode[] {
  const threshold = Math.min(2, b.length / 4);
  const blocks = matchingBlocks(a, b).filter((block) => block.size > threshold);
  blocks.push({ a: a.length, b: b.length, size: 0 });
  const result: Opcode[] = [];
  let i = 0;
  let j = 0;
  for (const block of blocks) {
    const tag = i < block.a ? (j < block.b ? 'replace' : 'delete') : j < block.b ? 'insert' : null;
    if (tag) result.push({ tag, aStart: i, aEnd: block.a, bStart: j, bEnd: block.b });
    i = block.a + block.size;
    j = block.b + block.size;
    if (block.size > 0)
      result.push({ tag: 'equal', aStart: block.a, aEnd: i, bStart: block.b, bEnd: j });
  }
  return result;
}
