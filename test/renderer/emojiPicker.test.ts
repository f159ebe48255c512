import './englishWindow';
import { describe, expect, it } from 'vitest';
import type { EmojiPicker, PickerEmoji } from '../../src-preload/bridge';
import { frequentEmoji, gridMove, searchEmoji } from '../../src-renderer/src/lib/emojiPicker';

const emoji = (name: string, aliases: string[] = [], code = name): PickerEmoji => ({
  key: `unicode_emoji:${code}`,
  code,
  type: 'unicode_emoji',
  name,
  aliases,
  glyph: '?',
  imageUrl: null,
});

const picker: EmojiPicker = {
  categories: [
    { name: 'Smileys & Emotion', emoji: [emoji('smile'), emoji('heart_eyes'), emoji('heart')] },
    { name: 'Activities', emoji: [emoji('tada', ['party_popper']), emoji('balloon')] },
    { name: 'Symbols', emoji: [emoji('red_heart', ['heart_red'])] },
  ],
  frequent: ['unicode_emoji:tada', 'unicode_emoji:gone', 'unicode_emoji:smile'],
};

const names = (list: readonly PickerEmoji[]) => list.map((item) => item.name);

describe('the emoji picker’s search', () => {
  it('finds an emoji by any of its names as typed', () => {
    expect(names(searchEmoji(picker, 'tada'))).toEqual(['tada']);
    expect(names(searchEmoji(picker, 'party'))).toEqual(['tada']);
    expect(names(searchEmoji(picker, 'Party Popper'))).toEqual(['tada']);
  });

  it('puts the name itself first, then names starting with the query, then the rest', () => {
    expect(names(searchEmoji(picker, 'heart'))).toEqual(['heart', 'heart_eyes', 'red_heart']);
  });

  it('finds nothing for an empty query', () => {
    expect(searchEmoji(picker, '  ')).toEqual([]);
  });
});

describe('the frequently used emoji', () => {
  it('are listed in the order given, leaving out any the picker no longer offers', () => {
    expect(names(frequentEmoji(picker))).toEqual(['tada', 'smile']);
  });
});

describe('moving in the emoji grid', () => {
  // 8 columns, 20 cells: rows of 8, 8 and 4.
  it('moves by one sideways and by a row up and down, staying inside', () => {
    expect(gridMove(0, 'ArrowRight', 8, 20)).toBe(1);
    expect(gridMove(0, 'ArrowLeft', 8, 20)).toBe(0);
    expect(gridMove(3, 'ArrowDown', 8, 20)).toBe(11);
    expect(gridMove(13, 'ArrowDown', 8, 20)).toBe(13);
    expect(gridMove(19, 'ArrowRight', 8, 20)).toBe(19);
    expect(gridMove(11, 'ArrowUp', 8, 20)).toBe(3);
    expect(gridMove(5, 'End', 8, 20)).toBe(19);
    expect(gridMove(5, 'Home', 8, 20)).toBe(0);
  });

  it('leaves the grid upwards from its first row, and ignores other keys', () => {
    expect(gridMove(3, 'ArrowUp', 8, 20)).toBeNull();
    expect(gridMove(3, 'Enter', 8, 20)).toBeNull();
    expect(gridMove(0, 'ArrowRight', 8, 0)).toBeNull();
  });
});
