import { checkedMessages, featureMessages } from './checkedMessages';
import { areas, quotas } from './catalogWords';
import { random, type Pick } from './seededRandom';

export const CATALOG_SIZE = 2_000;

export type Catalog = Record<string, string>;

function keyFor(area: string, source: string, taken: ReadonlySet<string>): string {
  // The words outside any argument: innermost braces first, until none are left.
  let text = source.replace(/<[^>]*>/g, ' ');
  while (/\{[^{}]*\}/.test(text)) text = text.replace(/\{[^{}]*\}/g, ' ');
  const words = text
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .slice(0, 4)
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1).toLowerCase(),
    );
  const stem = `${area}.${words.join('') || 'message'}`;
  let key = stem;
  for (let n = 2; taken.has(key); n++) key = `${stem}${n}`;
  return key;
}

/** 2,000 distinct messages from a fixed seed, the bench's checked ones among them. */
export function generateCatalog(): Catalog {
  const next = random(38);
  const pick: Pick = (list) => list[Math.floor(next() * list.length)] as (typeof list)[number];
  const catalog: Catalog = {};
  const sources = new Set<string>();
  for (const message of [...checkedMessages, ...featureMessages]) {
    catalog[message.key] = message.source;
    sources.add(message.source);
  }
  const keys = new Set(Object.keys(catalog));
  for (const [make, quota] of quotas) {
    for (let made = 0, tries = 0; made < quota; tries++) {
      if (tries > 100 * quota)
        throw new Error(`the generator ran out of messages like ${make(pick)}`);
      const source = make(pick);
      if (sources.has(source)) continue;
      const key = keyFor(pick(areas), source, keys);
      sources.add(source);
      keys.add(key);
      catalog[key] = source;
      made++;
    }
  }
  if (keys.size !== CATALOG_SIZE) {
    throw new Error(`the generated catalog has ${keys.size} messages, not ${CATALOG_SIZE}`);
  }
  return catalog;
}
