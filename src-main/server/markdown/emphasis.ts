import type { MarkdownIt } from 'markdown-it';
import type { StateCore, StateInline, Token } from 'markdown-it';

// Zulip drops underscore emphasis so identifiers such as `__init__` and
// snake_case survive; only asterisks emphasize.
function underscoresAsText(state: StateInline, silentMode: boolean): boolean {
  let end = state.pos;
  while (state.src.charCodeAt(end) === 0x5f /* _ */) end += 1;
  if (end === state.pos) return false;
  if (!silentMode) state.pending += state.src.slice(state.pos, end);
  state.pos = end;
  return true;
}

// Zulip's `~~text~~` stays on one line and, unlike CommonMark, accepts
// spaces just inside the tildes.
const strikethroughSyntax = /^~~([^~\n]+?)~~(?!~)/;

function strikethrough(state: StateInline, silentMode: boolean): boolean {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== 0x7e /* ~ */) return false;
  if (start > 0 && state.src.charCodeAt(start - 1) === 0x7e) return false;
  const match = strikethroughSyntax.exec(state.src.slice(start, state.posMax));
  if (!match?.[1]) return false;
  if (!silentMode) {
    const max = state.posMax;
    state.push('del_open', 'del', 1);
    state.pos = start + 2;
    state.posMax = start + 2 + match[1].length;
    state.md.inline.tokenize(state);
    state.push('del_close', 'del', -1);
    state.posMax = max;
  }
  state.pos = start + match[0].length;
  return true;
}

// Zulip reads `***text***` as strong around emphasis; CommonMark nests it the other way.
function strongOutside(state: StateCore): void {
  for (const block of state.tokens) {
    if (!block.children) continue;
    const children: Token[] = block.children.filter((t) => t.type !== 'text' || t.content !== '');
    block.children = children;
    for (let i = 0; i + 1 < children.length; i += 1) {
      const [em, strong] = [children[i], children[i + 1]];
      if (em?.type !== 'em_open' || strong?.type !== 'strong_open') continue;
      const close = children.findIndex(
        (token, j) => j > i && token.type === 'strong_close' && token.level === strong.level,
      );
      const [strongClose, emClose] = [children[close], children[close + 1]];
      if (!strongClose || emClose?.type !== 'em_close') continue;
      children.splice(i, 2, strong, em);
      children.splice(close, 2, emClose, strongClose);
    }
  }
}

export function zulipEmphasis(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'underscores_as_text', underscoresAsText);
  md.inline.ruler.before('emphasis', 'zulip_strikethrough', strikethrough);
  md.core.ruler.push('strong_outside', strongOutside);
}
