import { escapeText } from './escape';
import { grammarFor, highlighter } from './highlightLanguages';
import { pygmentsClass, type ScopeContext } from './pygmentsClasses';

interface ScopeNode {
  scope: string | undefined;
  children: (string | ScopeNode)[];
}

interface Piece {
  text: string;
  tokenClass: string | undefined;
}

// highlight.js escapes its output with exactly these entities.
const hljsEntities: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
};

function unescapeHljs(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => hljsEntities[entity] ?? entity);
}

// `title.function` is written `hljs-title function_`; a sub-language's
// wrapper (`language-css`) is no scope of its own.
function scopeOf(classAttribute: string): string | undefined {
  const [first, ...rest] = classAttribute.split(' ');
  if (!first?.startsWith('hljs-')) return undefined;
  return [first.slice('hljs-'.length), ...rest.map((part) => part.replace(/_+$/, ''))].join('.');
}

// We read highlight.js's documented result, `value`: HTML made only of
// `<span class="hljs-…">`, `</span>` and escaped text. Walking its token tree
// instead would take a custom `__emitter`, an option its typings mark internal.
function scopeTree(html: string): ScopeNode {
  const root: ScopeNode = { scope: undefined, children: [] };
  const open = [root];
  for (const [, classAttribute, text] of html.matchAll(
    /<span class="([^"]*)">|<\/span>|([^<]+)/g,
  )) {
    const parent = open[open.length - 1] ?? root;
    if (classAttribute !== undefined) {
      const node: ScopeNode = { scope: scopeOf(classAttribute), children: [] };
      parent.children.push(node);
      open.push(node);
    } else if (text !== undefined) {
      parent.children.push(unescapeHljs(text));
    } else if (open.length > 1) {
      open.pop();
    }
  }
  return root;
}

function textOf(node: ScopeNode): string {
  return node.children.map((child) => (typeof child === 'string' ? child : textOf(child))).join('');
}

function collectPieces(
  node: ScopeNode,
  inherited: string | undefined,
  context: ScopeContext,
  pieces: Piece[],
): void {
  const scope = node.scope;
  const tokenClass =
    scope === undefined ? inherited : (pygmentsClass(scope, textOf(node), context) ?? inherited);
  const family = scope?.split('.')[0];
  const within = context.within ?? (family === 'comment' || family === 'meta' ? family : undefined);
  const childContext: ScopeContext = within ? { ...context, within } : context;
  for (const child of node.children) {
    if (typeof child === 'string') pieces.push({ text: child, tokenClass });
    else collectPieces(child, tokenClass, childContext, pieces);
  }
}

// Pygments' HTML: one flat span per run of same-class text, never across a
// line break, and whitespace between tokens left bare.
function pygmentsHtml(pieces: readonly Piece[]): string {
  let html = '';
  let openClass: string | undefined;
  for (const piece of pieces) {
    for (const part of piece.text.split(/(\n)/)) {
      if (part === '') continue;
      const tokenClass = part.trim() === '' ? undefined : piece.tokenClass;
      if (tokenClass !== openClass) {
        if (openClass) html += '</span>';
        if (tokenClass) html += `<span class="${tokenClass}">`;
        openClass = tokenClass;
      }
      html += escapeText(part);
    }
  }
  return openClass ? `${html}</span>` : html;
}

/**
 * Code in a language we highlight, as the inside of Zulip's `<code>`: text
 * in Pygments' token spans, escaped as Zulip's HTML post-processing leaves it
 * (quotes stay as typed). Undefined for languages we do not highlight.
 */
export function highlightCode(code: string, language: string): string | undefined {
  const grammar = grammarFor(language);
  if (grammar === undefined) return undefined;
  const { value } = highlighter.highlight(code, { language: grammar, ignoreIllegals: true });
  const pieces: Piece[] = [];
  collectPieces(scopeTree(value), undefined, { language }, pieces);
  return pygmentsHtml(pieces);
}
