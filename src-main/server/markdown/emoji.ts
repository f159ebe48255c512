import type { MarkdownIt } from 'markdown-it';
import type { StateInline, Token } from 'markdown-it';
import { unicodeEmojiByName } from '../../wire/emojiData';
import { escapeAttribute, escapeText } from './escape';

const emojiSyntax = /^:([\w+-]+):/;

function emoji(state: StateInline, silentMode: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3a /* : */) return false;
  const match = emojiSyntax.exec(state.src.slice(state.pos, state.posMax));
  const name = match?.[1];
  const code = name === undefined ? undefined : unicodeEmojiByName(name)?.code;
  if (!match || name === undefined || code === undefined) return false;
  if (!silentMode) state.push('emoji', 'span', 0).meta = { name, code };
  state.pos += match[0].length;
  return true;
}

// Zulip's emoji span: the sprite class carries the picture, the text keeps
// the typed name, and the label reads the name with spaces.
function renderEmoji(tokens: Token[], index: number): string {
  const { name, code } = tokens[index]?.meta as { name: string; code: string };
  const label = escapeAttribute(name.replace(/_/g, ' '));
  return `<span aria-label="${label}" class="emoji emoji-${code}" role="img" title="${label}">:${escapeText(name)}:</span>`;
}

export function emojiNames(md: MarkdownIt): void {
  md.inline.ruler.before('linkify', 'emoji', emoji);
  md.renderer.rules.emoji = renderEmoji;
}
