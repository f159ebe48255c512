const keycapBase = /^[#*0-9]$/u;
const textByDefault = /^(?![\p{Emoji_Presentation}\p{Emoji_Modifier}])\p{Emoji}$/u;
const modifier = /^[\ufe0f\p{Emoji_Modifier}]$/u;

/**
 * An emoji's characters from Zulip's code, which drops U+FE0F: a character
 * that is text by default (❤, ☺, a keycap's digit) gets it back, or fonts
 * draw it as a black-and-white symbol.
 */
export function emojiGlyph(code: string): string {
  const chars = code.split('-').map((part) => String.fromCodePoint(parseInt(part, 16)));
  return chars
    .map((char, index) => {
      const next = chars[index + 1];
      const selector = keycapBase.test(char)
        ? next === '\u20e3'
        : textByDefault.test(char) && (next === undefined || !modifier.test(next));
      return selector ? `${char}\ufe0f` : char;
    })
    .join('');
}
