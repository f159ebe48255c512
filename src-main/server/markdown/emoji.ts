import type { MarkdownIt } from 'markdown-it';
import type { StateInline, Token } from 'markdown-it';
import { unicodeEmojiByName } from '../../wire/emojiData';
import { escapeAttribute, escapeText } from './escape';
import { renderEnv } from './lookups';

const emojiSyntax = /^:([\w+-]+):/;

type EmojiMeta = { name: string; code: string } | { name: string; sourceUrl: string };

// Zulip's Emoji pattern: the organization's own emoji of a name come before
// the Unicode one of the same name.
function emoji(state: StateInline, silentMode: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3a /* : */) return false;
  const match = emojiSyntax.exec(state.src.slice(state.pos, state.posMax));
  const name = match?.[1];
  if (!match || name === undefined) return false;
  const custom = renderEnv(state.env).lookups.realmEmoji(name);
  const code = custom ? undefined : unicodeEmojiByName(name)?.code;
  const meta: EmojiMeta | undefined = custom
    ? { name, sourceUrl: custom.sourceUrl }
    : code === undefined
      ? undefined
      : { name, code };
  if (!meta) return false;
  if (!silentMode) state.push('emoji', 'span', 0).meta = meta;
  state.pos += match[0].length;
  return true;
}

// Zulip's emoji span: the sprite class carries the picture, the text keeps
// the typed name, and the label reads the name with spaces. A custom emoji
// is Zulip's <img>, its alt the name as typed and its title with spaces.
function renderEmoji(tokens: Token[], index: number): string {
  const meta = tokens[index]?.meta as EmojiMeta;
  const label = escapeAttribute(meta.name.replace(/_/g, ' '));
  if ('sourceUrl' in meta) {
    return `<img alt=":${escapeAttribute(meta.name)}:" class="emoji" src="${escapeAttribute(meta.sourceUrl)}" title="${label}">`;
  }
  return `<span aria-label="${label}" class="emoji emoji-${meta.code}" role="img" title="${label}">:${escapeText(meta.name)}:</span>`;
}

export function emojiNames(md: MarkdownIt): void {
  md.inline.ruler.before('linkify', 'emoji', emoji);
  md.renderer.rules.emoji = renderEmoji;
}
