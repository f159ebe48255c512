import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import type { CompiledLinkifier } from './linkifierPattern';
import { zulipHref } from './links';
import { renderEnv } from './lookups';

type Piece = { text: string } | { text: string; href: string };

/** What Zulip's linkifiers see just before and after a text token: nothing at the ends of a paragraph. */
interface Around {
  before: string;
  after: string;
}

// What stands for text another rule already turned into an element: Zulip's
// inline placeholders, which no linkifier may start right after (it is not
// a delimiter) and which ends a match as any non-letter does.
const BLOCKED_BEFORE = '\u0003';
const ELEMENT_AFTER = '\u0002';

// One linkifier over the text pieces left by those before it: Zulip
// registers them at one priority, in order, each seeing the links the
// earlier ones made as placeholders.
function applyOne(pieces: Piece[], linkifier: CompiledLinkifier, around: Around): Piece[] {
  const out: Piece[] = [];
  pieces.forEach((piece, index) => {
    if ('href' in piece) {
      out.push(piece);
      return;
    }
    const before = index === 0 ? around.before : BLOCKED_BEFORE;
    const after = index < pieces.length - 1 ? ELEMENT_AFTER : around.after;
    const scanned = before + piece.text + after;
    const limit = before.length + piece.text.length;
    let at = 0;
    for (const match of linkifier.matches(
      scanned,
      0,
      (m) => m.end <= limit && m.start >= before.length,
    )) {
      // Zulip's url_to_a leaves the text alone when the URL is not one it links.
      const href = zulipHref(match.url);
      if (href === null) continue;
      const start = match.start - before.length;
      if (start > at) out.push({ text: piece.text.slice(at, start) });
      out.push({ text: match.text, href });
      at = match.end - before.length;
    }
    if (at < piece.text.length) out.push({ text: piece.text.slice(at) });
  });
  return out;
}

function tokensFor(state: StateCore, pieces: readonly Piece[], level: number): Token[] {
  return pieces.flatMap((piece) => {
    const text = new state.Token('text', '', 0);
    text.content = piece.text;
    if (!('href' in piece)) return [text];
    const open = new state.Token('link_open', 'a', 1);
    open.attrs = [['href', piece.href]];
    open.markup = 'linkifier';
    open.level = level;
    text.level = level + 1;
    const close = new state.Token('link_close', 'a', -1);
    close.markup = 'linkifier';
    close.level = level;
    return [open, text, close];
  });
}

// A line break is the newline Zulip's linkifiers see; any other neighbour
// is an element or markup that is neither white space nor a letter.
function contextOf(token: Token | undefined, element: string): string {
  if (token === undefined) return '';
  return token.type === 'softbreak' || token.type === 'hardbreak' ? '\n' : element;
}

// Zulip runs linkifiers after code spans, mentions, stream links, links and
// bare URLs have taken their text, so none of those is linkified again.
function linkify(state: StateCore): void {
  const linkifiers = renderEnv(state.env).lookups.linkifiers();
  if (linkifiers.length === 0) return;
  for (const block of state.tokens) {
    const children = block.children;
    if (block.type !== 'inline' || !children) continue;
    let insideLink = 0;
    for (let index = 0; index < children.length; index++) {
      const token = children[index];
      if (!token) continue;
      if (token.type === 'link_open') insideLink++;
      if (token.type === 'link_close') insideLink--;
      if (token.type !== 'text' || insideLink > 0 || token.content === '') continue;
      const around = {
        before: contextOf(children[index - 1], BLOCKED_BEFORE),
        after: contextOf(children[index + 1], ELEMENT_AFTER),
      };
      let pieces: Piece[] = [{ text: token.content }];
      for (const linkifier of linkifiers) pieces = applyOne(pieces, linkifier, around);
      if (pieces.length === 1 && !('href' in (pieces[0] ?? {}))) continue;
      const replacement = tokensFor(state, pieces, token.level);
      children.splice(index, 1, ...replacement);
      index += replacement.length - 1;
    }
  }
}

export function linkifiers(md: MarkdownIt): void {
  md.core.ruler.push('linkifiers', linkify);
}
