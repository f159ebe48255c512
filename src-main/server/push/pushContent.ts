import { decodeEntities } from '../../wire/htmlEntities';

// What a notification shows of a message, as Zulip 12.0's
// get_mobile_push_content and truncate_content (zerver/lib/
// push_notifications.py) make it: the rendered HTML as plain text, emoji as
// their characters, math as its LaTeX, a spoiler's hidden part left out,
// quotes marked, cut at 200 characters with an ellipsis.
const MAX_CHARACTERS = 200;

const voidElements = new Set(['br', 'img', 'hr', 'input', 'wbr', 'source', 'meta']);
const blockElements = new Set(['p', 'div', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'tr']);

interface Open {
  name: string;
  /** Nothing inside is shown (KaTeX's drawing, a spoiler's content, an emoji's :name:). */
  hides: boolean;
  /** The LaTeX KaTeX keeps beside its drawing. */
  tex: boolean;
}

/** The emoji a span shows, from its `emoji-1f44d` class; null for a custom one, which keeps its name. */
function emojiOf(classes: string): string | null {
  const code = /\bemoji-([0-9a-f]+(?:-[0-9a-f]+)*)\b/.exec(classes)?.[1];
  return code
    ? String.fromCodePoint(...code.split('-').map((part) => Number.parseInt(part, 16)))
    : null;
}

export function pushContent(renderedHtml: string): string {
  let text = '';
  const open: Open[] = [];
  const hidden = () => open.some((element) => element.hides);
  for (const [, closing, tagName, attributes = '', words] of renderedHtml.matchAll(
    /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)/g,
  )) {
    if (words !== undefined) {
      if (open.at(-1)?.tex) text += `$$${decodeEntities(words)}$$`;
      else if (!hidden()) text += decodeEntities(words);
      continue;
    }
    const name = (tagName ?? '').toLowerCase();
    if (closing) {
      const index = open.map((element) => element.name).lastIndexOf(name);
      if (index >= 0) open.length = index;
      if (blockElements.has(name) && !hidden()) text += '\n';
      continue;
    }
    const classes = /\bclass="([^"]*)"/.exec(attributes)?.[1] ?? '';
    if (voidElements.has(name)) {
      if (hidden()) continue;
      if (name === 'br') text += '\n';
      if (name === 'img') text += decodeEntities(/\balt="([^"]*)"/.exec(attributes)?.[1] ?? '');
      continue;
    }
    const emoji = name === 'span' && /\bemoji\b/.test(classes) ? emojiOf(classes) : null;
    if (emoji !== null && !hidden()) text += emoji;
    if (name === 'blockquote' && !hidden()) text += '> ';
    const spoiler = /\bspoiler-content\b/.test(classes);
    if (spoiler && !hidden()) text += ' (…)';
    open.push({
      name,
      hides: emoji !== null || spoiler || /\bkatex-(mathml|html)\b/.test(classes),
      tex: name === 'annotation' && /encoding="application\/x-tex"/.test(attributes),
    });
  }
  const tidy = text
    .replace(/\n+ \(\u2026\)/g, ' (…)')
    .replace(/> \n+/g, '> ')
    .replace(/\n{2,}/g, '\n')
    .trim();
  const characters = [...tidy];
  return characters.length > MAX_CHARACTERS
    ? `${characters.slice(0, MAX_CHARACTERS).join('')}…`
    : tidy;
}
