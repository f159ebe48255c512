// `search:` as SQLite FTS5 sees it and as Zulip shows it: every word must
// match (Zulip's plainto_tsquery), a "quoted phrase" must match as a phrase,
// and each word also matches longer words it begins, which stands in for
// Zulip's English stemming. The highlighter applies the same rule, so what
// matched is what is highlighted.

const wordPattern = /[\p{L}\p{N}]+/gu;

// The FTS table folds case and strips diacritics (remove_diacritics 2).
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface SearchQuery {
  /** The FTS5 MATCH expression. */
  match: string;
  /** Folded words a highlighted word must begin with. */
  words: string[];
}

/** Null when the operands hold no searchable word, which matches nothing, as in Zulip. */
export function searchQuery(operands: readonly string[]): SearchQuery | null {
  const phrases: string[] = [];
  const words: string[] = [];
  for (const [, quoted, bare] of operands.join(' ').matchAll(/"([^"]+)"|(\S+)/g)) {
    const found = (quoted ?? bare ?? '').match(wordPattern)?.map(foldWord) ?? [];
    if (found.length === 0) continue;
    words.push(...found);
    if (quoted !== undefined) phrases.push(`"${found.join(' ')}"*`);
    else phrases.push(...found.map((word) => `"${word}"*`));
  }
  return phrases.length === 0 ? null : { match: phrases.join(' '), words };
}

function highlightText(text: string, words: readonly string[]): string {
  return text.replace(wordPattern, (word) => {
    const folded = foldWord(word);
    return words.some((prefix) => folded.startsWith(prefix))
      ? `<span class="highlight">${word}</span>`
      : word;
  });
}

/** Wraps matching words of rendered HTML in Zulip's highlight span, leaving tags and entities alone. */
export function highlightHtml(html: string, words: readonly string[]): string {
  return html
    .split(/(<[^>]*>|&#?\w+;)/)
    .map((part, index) => (index % 2 === 1 ? part : highlightText(part, words)))
    .join('');
}

const htmlEscapes: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}
