import table from './unicodeEmoji.json' with { type: 'json' };

export { emojiGlyph } from './emojiGlyph';

/** One Unicode emoji as Zulip names it: its code, its names (canonical first), its picker place. */
export interface UnicodeEmoji {
  /** Lower-case hex code points joined by `-`, without variation selectors, as Zulip's `emoji_code`. */
  code: string;
  names: readonly string[];
  category: string;
  /** Unicode's own order, which the picker follows. */
  order: number;
  label: string;
}

export const categoryNames: Record<string, string> = {
  'smileys-emotion': 'Smileys & Emotion',
  'people-body': 'People & Body',
  'animals-nature': 'Animals & Nature',
  'food-drink': 'Food & Drink',
  'travel-places': 'Travel & Places',
  activities: 'Activities',
  objects: 'Objects',
  symbols: 'Symbols',
  flags: 'Flags',
};

/** The picker's categories in their order. */
export const emojiCategories: readonly string[] = Object.values(categoryNames);

/**
 * Every Unicode emoji offered, in picker order: emojibase's data as
 * scripts/make-emoji-table.ts reduces it. Built at start-up from emojibase's
 * own files, the table kept those files (some 2 MB of objects the host never
 * read again) alive with it.
 */
export const unicodeEmoji: readonly UnicodeEmoji[] = table;

const byCode = new Map(unicodeEmoji.map((emoji) => [emoji.code, emoji]));
const byName = new Map(unicodeEmoji.flatMap((emoji) => emoji.names.map((name) => [name, emoji])));

export const unicodeEmojiByCode = (code: string): UnicodeEmoji | undefined => byCode.get(code);
export const unicodeEmojiByName = (name: string): UnicodeEmoji | undefined => byName.get(name);

/** Zulip's `zulip_extra_emoji`: the one emoji that is neither Unicode nor the organization's. */
export const zulipExtraEmoji = { name: 'zulip', code: 'zulip' } as const;
