// The workload the message-catalog candidates are compared on: a catalog of
// 2,000 English messages and the 300 a first view shows, with values. It is
// generated from a fixed seed, so every run and every candidate formats the
// same text; once locales/en holds 1,000 messages or more, those are used
// instead, with the bench's own checked messages added.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateCatalog, type Catalog } from './catalog';
import { checkedMessages, featureMessages } from './checkedMessages';
import { valuesFor } from './messageValues';
import type { FirstViewEntry } from './page';
import { random, type Pick } from './seededRandom';

export const FIRST_VIEW = 300;
const LOCALE_MESSAGES_NEEDED = 1_000;

/** locales/en's messages, with the bench's checked ones, when there are enough of them. */
async function localeCatalog(): Promise<Catalog | null> {
  const folder = 'locales/en';
  const files = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith('.json'));
  const catalog: Catalog = {};
  for (const file of files) {
    const messages = JSON.parse(await readFile(join(folder, file), 'utf8')) as Record<
      string,
      unknown
    >;
    for (const [key, source] of Object.entries(messages)) {
      if (typeof source === 'string') catalog[key] = source;
    }
  }
  if (Object.keys(catalog).length < LOCALE_MESSAGES_NEEDED) return null;
  for (const message of [...checkedMessages, ...featureMessages]) {
    catalog[message.key] = message.source;
  }
  return catalog;
}

export interface Workload {
  catalog: Catalog;
  /** Where the messages came from, for the bench's header. */
  origin: string;
  /** The first view's messages, in the order it shows them, with values. */
  firstView: FirstViewEntry[];
}

/** The catalog and first view every candidate formats; the checked messages are in it. */
export async function workload(): Promise<Workload> {
  const fromLocales = await localeCatalog();
  const catalog = fromLocales ?? generateCatalog();
  const next = random(300);
  const pick: Pick = (list) => list[Math.floor(next() * list.length)] as (typeof list)[number];
  const checked = new Set(checkedMessages.map((message) => message.key));
  const others = Object.keys(catalog).filter(
    (key) => !checked.has(key) && !key.startsWith('bench.feature.'),
  );
  const chosen = new Set<string>();
  while (chosen.size < FIRST_VIEW - checked.size) chosen.add(pick(others));
  const firstView: FirstViewEntry[] = checkedMessages.map((message) => ({
    key: message.key,
    ...(message.values ? { values: message.values } : {}),
    tags: [],
  }));
  for (const key of chosen) firstView.push({ key, ...valuesFor(catalog[key] ?? '', pick) });
  return {
    catalog,
    origin: fromLocales
      ? `locales/en (${Object.keys(catalog).length.toLocaleString('en')} messages)`
      : `generated (${Object.keys(catalog).length.toLocaleString('en')} messages; locales/en has fewer than ${LOCALE_MESSAGES_NEEDED.toLocaleString('en')})`,
    firstView,
  };
}
