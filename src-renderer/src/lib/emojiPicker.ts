import type { EmojiPicker, PickerEmoji } from '../../../src-preload/bridge';

// People type "thumbs up" as often as Zulip's "thumbs_up".
const folded = (query: string): string =>
  query
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * The emoji any of whose names holds the query: those with a name that is
 * the query first, then a name that starts with it, then the rest; each kept
 * in the picker's order within its rank.
 */
export function searchEmoji(picker: EmojiPicker, query: string): PickerEmoji[] {
  const wanted = folded(query);
  if (wanted === '') return [];
  const ranked: PickerEmoji[][] = [[], [], []];
  for (const category of picker.categories) {
    for (const emoji of category.emoji) {
      const names = [emoji.name, ...emoji.aliases];
      if (names.includes(wanted)) ranked[0]?.push(emoji);
      else if (names.some((name) => name.startsWith(wanted))) ranked[1]?.push(emoji);
      else if (names.some((name) => name.includes(wanted))) ranked[2]?.push(emoji);
    }
  }
  return ranked.flat();
}

/** The frequently used emoji, in the order the picker's data lists their keys. */
export function frequentEmoji(picker: EmojiPicker): PickerEmoji[] {
  const byKey = new Map(
    picker.categories.flatMap((category) => category.emoji.map((emoji) => [emoji.key, emoji])),
  );
  return picker.frequent.flatMap((key) => {
    const emoji = byKey.get(key);
    return emoji ? [emoji] : [];
  });
}

/**
 * Where an arrow key (or Home, End) takes the focus in a grid of `count`
 * cells, `columns` wide; null for another key, or to leave the grid upwards
 * from its first row.
 */
export function gridMove(at: number, key: string, columns: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return Math.min(at + 1, count - 1);
    case 'ArrowLeft':
      return Math.max(at - 1, 0);
    case 'ArrowDown':
      return at + columns < count ? at + columns : at;
    case 'ArrowUp':
      return at - columns >= 0 ? at - columns : null;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
