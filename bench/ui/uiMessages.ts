import type { Prng } from '../server/prng';

// What a busy engineering stream holds: mostly short lines, some paragraphs,
// code blocks, math, links to pictures and quotes, in a fixed mix per seed.
const words =
  'the build deploy review branch merge test failing green flaky cache query index latency release notes window feed scroll'.split(
    ' ',
  );

function sentence(prng: Prng, length: number): string {
  const chosen = Array.from({ length }, () => words[prng.int(words.length)] ?? 'word');
  const text = chosen.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The Markdown of the `n`th message of a bench narrow; each names its number for the bench to find. */
export function benchContent(prng: Prng, n: number): string {
  const roll = prng.next();
  const tag = `[m${n}]`;
  if (roll < 0.08) {
    return `${tag} here is the change:\n\n\`\`\`ts\nexport function step${n}(value: number): number {\n  const next = value * ${n % 97} + 1;\n  return next % 1_000_003;\n}\n\`\`\``;
  }
  if (roll < 0.14) return `${tag} the bound is $$\\sum_{k=1}^{${n}} \\frac{k^2}{2^k} \\le ${n}$$`;
  if (roll < 0.2) return `${tag} screenshot: [build-${n}.png](https://example.com/build-${n}.png)`;
  if (roll < 0.25) return `${tag}\n\n> ${sentence(prng, 14)}\n\n${sentence(prng, 6)}`;
  if (roll < 0.45) {
    return `${tag} ${Array.from({ length: 2 + prng.int(4) }, () => sentence(prng, 8 + prng.int(20))).join(' ')}`;
  }
  return `${tag} ${sentence(prng, 2 + prng.int(10))}`;
}
