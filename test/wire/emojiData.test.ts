import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildEmojiTable, emojiTableFile } from '../../scripts/emojiTable';
import {
  emojiCategories,
  emojiGlyph,
  unicodeEmoji,
  unicodeEmojiByCode,
  unicodeEmojiByName,
} from '../../src-main/wire/emojiData';

describe('the emoji table', () => {
  it('is emojibase-data as scripts/make-emoji-table.ts last wrote it', async () => {
    const file = await readFile(new URL('../../src-main/wire/unicodeEmoji.json', import.meta.url));
    expect(file.toString('utf8')).toBe(emojiTableFile(buildEmojiTable()));
  });

  it('offers the whole Unicode set, not a hand-picked few', () => {
    expect(unicodeEmoji.length).toBeGreaterThan(1800);
    expect(new Set(unicodeEmoji.map((emoji) => emoji.category))).toEqual(new Set(emojiCategories));
  });

  it('gives every code one entry and every name one emoji', () => {
    const codes = unicodeEmoji.map((emoji) => emoji.code);
    expect(new Set(codes).size).toBe(codes.length);
    const names = unicodeEmoji.flatMap((emoji) => emoji.names);
    expect(new Set(names).size).toBe(names.length);
  });

  it('knows the names people type, with their aliases', () => {
    expect(unicodeEmojiByName('+1')?.code).toBe('1f44d');
    expect(unicodeEmojiByName('thumbs_up')?.code).toBe('1f44d');
    expect(unicodeEmojiByName('octopus')?.code).toBe('1f419');
    expect(unicodeEmojiByName('tada')?.names[0]).toBe('tada');
    expect(unicodeEmojiByName('no_such_emoji')).toBeUndefined();
  });

  it('writes codes as Zulip does: lower-case, without variation selectors', () => {
    expect(unicodeEmojiByName('heart')?.code).toBe('2764');
    expect(unicodeEmojiByCode('2764-fe0f')).toBeUndefined();
    for (const emoji of unicodeEmoji) expect(emoji.code).toMatch(/^[0-9a-f]+(-[0-9a-f]+)*$/);
    expect(unicodeEmojiByName('woman_shrugging')?.code).toBe('1f937-200d-2640');
  });

  it('leaves out skin tones and lone regional indicators, which only build other emoji', () => {
    expect(unicodeEmojiByCode('1f3fb')).toBeUndefined();
    expect(unicodeEmojiByCode('1f1e6')).toBeUndefined();
    expect(unicodeEmojiByName('flag-fr')?.code ?? unicodeEmojiByName('fr')?.code).toBe(
      '1f1eb-1f1f7',
    );
  });

  it('keeps Unicode order within the picker', () => {
    const orders = unicodeEmoji.map((emoji) => emoji.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(unicodeEmoji[0]?.category).toBe('Smileys & Emotion');
  });

  it('draws a code as its characters, in colour where a character is text by default', () => {
    expect(emojiGlyph('1f1eb-1f1f7')).toBe('🇫🇷');
    expect(emojiGlyph('1f44d')).toBe('👍');
    expect(emojiGlyph('2764')).toBe('❤\ufe0f');
    expect(emojiGlyph('2764-200d-1f525')).toBe('❤\ufe0f\u200d🔥');
    expect(emojiGlyph('0023-20e3')).toBe('#\ufe0f\u20e3');
    expect(emojiGlyph('261d-1f3fb')).toBe('☝🏻');
  });
});
