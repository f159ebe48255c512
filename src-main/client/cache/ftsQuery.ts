/**
 * An FTS5 query from what a user typed: every word, or "quoted phrase", must
 * appear. Each becomes a quoted FTS5 string with any quote taken out, so
 * FTS5's own syntax typed by the user (`OR`, `NEAR`, `*`, `-`, `:`, column
 * names, parentheses) is searched for as words, never obeyed. Null when
 * nothing searchable was typed.
 */
export function ftsQuery(text: string): string | null {
  const phrases: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"?|([^\s"]+)/g)) {
    const phrase = (match[1] ?? match[2] ?? '').trim();
    if (/[\p{L}\p{N}]/u.test(phrase)) phrases.push(`"${phrase}"`);
  }
  return phrases.length === 0 ? null : phrases.join(' AND ');
}
