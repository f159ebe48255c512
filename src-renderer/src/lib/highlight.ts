// The cache's search as the server's: each query word matches the words it
// begins, without regard to case or accents; those are what is highlighted.
const wordPattern = /[\p{L}\p{N}]+/gu;

const fold = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words a search looks for: the query without its `operator:operand` parts. */
export function searchWords(query: string): string[] {
  const plain = query.replace(/-?[a-z-]+:(?:"[^"]*"|\S+)/gi, ' ');
  return [...plain.matchAll(wordPattern)].map(([word]) => fold(word));
}

const matches = (word: string, words: readonly string[]): boolean => {
  const folded = fold(word);
  return words.some((wanted) => folded.startsWith(wanted));
};

/**
 * Message HTML (already sanitized) with the searched words in Zulip's
 * `highlight` spans, as the server marks a result's `match_content`.
 */
export function highlightWords(html: string, words: readonly string[]): string {
  if (words.length === 0) return html;
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const text of texts) {
    const value = text.data;
    const pieces: Node[] = [];
    let last = 0;
    for (const found of value.matchAll(wordPattern)) {
      if (!matches(found[0], words)) continue;
      pieces.push(document.createTextNode(value.slice(last, found.index)));
      const span = document.createElement('span');
      span.className = 'highlight';
      span.textContent = found[0];
      pieces.push(span);
      last = found.index + found[0].length;
    }
    if (pieces.length === 0) continue;
    pieces.push(document.createTextNode(value.slice(last)));
    text.replaceWith(...pieces);
  }
  return body.innerHTML;
}

/** A topic as HTML, its searched words highlighted. */
export function highlightTopic(topic: string, words: readonly string[]): string {
  const span = document.createElement('span');
  span.textContent = topic;
  return highlightWords(span.innerHTML, words);
}
