const namedEntities: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntity(whole: string, body: string): string {
  if (body.startsWith('#')) {
    const hex = body[1] === 'x' || body[1] === 'X';
    const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : whole;
  }
  return namedEntities[body.toLowerCase()] ?? whole;
}

/**
 * The words of a rendered message, for the full-text index: tags become
 * spaces (so that `<p>a</p><p>b</p>` keeps two words) and entities are decoded.
 */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, decodeEntity);
}

/** Zulip's has:link: the rendered message holds a link. */
export const hasLink = (html: string): boolean => /<a\s[^>]*href=/i.test(html);
