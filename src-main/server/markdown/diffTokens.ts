// The units Zulip's content_html_diff compares (lxml's htmldiff, which Zulip's
// highlight_html_differences runs): words of the text, each carrying the tags
// around it, so that markup moves with the words and only the text is diffed.

export interface DiffToken {
  /** What equality compares: the word, or what a link or image points at. */
  key: string;
  /** How the token reads in the output. */
  html: string;
  trailingSpace: string;
  /** Start tags (and void tags) just before the word. */
  pre: string[];
  /** End tags just after it. */
  post: string[];
  /** A link's target shows only when it changed. */
  hideWhenEqual: boolean;
}

// Elements without content or end tag, in the sense of the HTML parser.
export const voidElements: ReadonlySet<string> = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

export function tagName(tag: string): string {
  return (/^<\/?([A-Za-z0-9]+)/.exec(tag)?.[1] ?? '').toLowerCase();
}

export const isEndTag = (chunk: string) => chunk.startsWith('</');
export const isTag = (chunk: string) => chunk.startsWith('<');

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;

// lxml re-escapes parsed text, which turns the quotes our renderer escapes in
// code back into plain characters.
const plainQuotes = (text: string) => text.replace(/&quot;/g, '"').replace(/&#(39|x27);/g, "'");

class TokenBuilder {
  readonly tokens: DiffToken[] = [];
  private pending: string[] = [];
  /** Open links, innermost last, with their targets. */
  private readonly links: (string | null)[] = [];
  /** Where the last end or void tag went, while nothing has followed it. */
  private closed: { list: string[]; index: number } | { token: DiffToken } | null = null;

  word(key: string, html: string, trailingSpace: string, hideWhenEqual = false): DiffToken {
    const token = { key, html, trailingSpace, pre: this.pending, post: [], hideWhenEqual };
    this.tokens.push(token);
    this.pending = [];
    this.closed = null;
    return token;
  }

  startTag(tag: string): void {
    const name = tagName(tag);
    if (name === 'img') {
      this.closed = { token: this.word(`img:${attribute(tag, 'src') ?? tag}`, tag, '') };
      return;
    }
    if (name === 'a') this.links.push(attribute(tag, 'href'));
    this.pending.push(tag);
    this.closed = voidElements.has(name)
      ? { list: this.pending, index: this.pending.length - 1 }
      : null;
  }

  endTag(tag: string): void {
    // lxml shows where a link points as a word of its own, after its text.
    if (tagName(tag) === 'a') {
      const href = this.links.pop();
      if (href) this.word(`href:${href}`, ` Link: ${href}`, ' ', true);
    }
    const last = this.tokens.at(-1);
    const list = this.pending.length > 0 || !last ? this.pending : last.post;
    list.push(tag);
    this.closed = { list, index: list.length - 1 };
  }

  /**
   * Text after an end or void tag (an element's tail, in lxml's terms) keeps
   * one space of its leading whitespace on that tag; any other leading
   * whitespace is dropped.
   */
  leadingSpace(): void {
    const closed = this.closed;
    if (closed === null) return;
    if ('token' in closed) closed.token.trailingSpace = ' ';
    else closed.list[closed.index] += ' ';
    this.closed = null;
  }

  finish(): DiffToken[] {
    const last = this.tokens.at(-1);
    if (!last) {
      return [
        { key: '', html: '', trailingSpace: '', pre: this.pending, post: [], hideWhenEqual: false },
      ];
    }
    last.post.push(...this.pending);
    return this.tokens;
  }
}

// lxml's htmldiff first strips the documents of <ins> and <del> (such as
// Zulip's ~~strikethrough~~), so that those tags mark changes only.
const insOrDel = /<\/?(ins|del)\b[^>]*>/gi;

/** Splits rendered message HTML (well-formed, as our renderer writes it) into diff tokens. */
export function tokenizeHtml(html: string): DiffToken[] {
  const builder = new TokenBuilder();
  for (const [chunk] of html.replace(insOrDel, '').matchAll(/<[^>]*>|[^<]+/g)) {
    if (isEndTag(chunk)) builder.endTag(chunk);
    else if (isTag(chunk)) builder.startTag(chunk);
    else {
      if (/^\s/.test(chunk)) builder.leadingSpace();
      for (const [, word = '', space = ''] of chunk.matchAll(/(\S+)(\s*)/g)) {
        builder.word(`word:${plainQuotes(word)}`, plainQuotes(word), space);
      }
    }
  }
  return builder.finish();
}
