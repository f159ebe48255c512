import type { CompactEmoji } from 'emojibase';
import compactEmoji from 'emojibase-data/en/compact.json' with { type: 'json' };
import groupsMeta from 'emojibase-data/meta/groups.json' with { type: 'json' };
import cldrNames from 'emojibase-data/en/shortcodes/cldr.json' with { type: 'json' };
import githubNames from 'emojibase-data/en/shortcodes/github.json' with { type: 'json' };
import iamcalNames from 'emojibase-data/en/shortcodes/iamcal.json' with { type: 'json' };
import { categoryNames, type UnicodeEmoji } from '../src-main/wire/emojiData';

type Shortcodes = Record<string, string | string[]>;

// Zulip's codes drop U+FE0F (its build unqualifies every emoji), and so do ours,
// so that ❤ and ❤️ are one reaction.
const emojiCodeOfHex = (hex: string): string =>
  hex
    .toLowerCase()
    .split('-')
    .filter((part) => part !== 'fe0f')
    .join('-');

const groupKeys = groupsMeta.groups as Record<string, string>;

// Skin tones and hair parts are components of other emoji, and regional
// indicators are halves of flags: none is offered alone, as in Zulip's picker.
const offered = (emoji: CompactEmoji): emoji is CompactEmoji & { group: number } =>
  emoji.group !== undefined && categoryNames[groupKeys[String(emoji.group)] ?? ''] !== undefined;

const asList = (names: string | string[] | undefined): string[] =>
  names === undefined ? [] : typeof names === 'string' ? [names] : names;

/**
 * Every Unicode emoji offered, in picker order, from emojibase's data. Names
 * come from the iamcal set first (the one Zulip's own names grew from), then
 * CLDR's and GitHub's as aliases; a name already taken by an earlier set
 * stays with the emoji that set gave it to.
 */
export function buildEmojiTable(): UnicodeEmoji[] {
  const entries = (compactEmoji as CompactEmoji[]).filter(offered).sort((a, b) => {
    return (a.order ?? 0) - (b.order ?? 0);
  });
  const taken = new Set<string>();
  const names = new Map<string, string[]>(entries.map((emoji) => [emoji.hexcode, []]));
  for (const set of [iamcalNames, cldrNames, githubNames] as Shortcodes[]) {
    for (const emoji of entries) {
      for (const name of asList(set[emoji.hexcode])) {
        if (taken.has(name)) continue;
        taken.add(name);
        names.get(emoji.hexcode)?.push(name);
      }
    }
  }
  return entries.flatMap((emoji) => {
    const own = names.get(emoji.hexcode) ?? [];
    if (own.length === 0) return [];
    return [
      {
        code: emojiCodeOfHex(emoji.hexcode),
        names: own,
        category: categoryNames[groupKeys[String(emoji.group)] ?? ''] ?? 'Symbols',
        order: emoji.order ?? 0,
        label: emoji.label,
      },
    ];
  });
}

/** The table as src-main/wire/unicodeEmoji.json holds it: one emoji a line. */
export const emojiTableFile = (table: readonly UnicodeEmoji[]): string =>
  `[\n${table.map((emoji) => JSON.stringify(emoji)).join(',\n')}\n]\n`;
