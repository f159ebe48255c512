import type { MarkdownIt } from 'markdown-it';
import type { StateInline, Token } from 'markdown-it';
import { escapeText } from './escape';

const timeSyntax = /^<time:([^>]*?)>/;
const isoDate =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const namedZone = /\b(?:UTC|GMT|Z)\b|[+-]\d{2}:?\d{2}$/i;

// Zulip reads `<time:…>` as a Unix timestamp or a date in any common form,
// taking UTC when no zone is given.
export function parseTimestamp(text: string): Date | null {
  const trimmed = text.trim();
  let parsed: number;
  if (/^-?\d+(?:\.\d+)?$/.test(trimmed)) {
    parsed = Number(trimmed) * 1000;
  } else if (isoDate.test(trimmed)) {
    const zoned = isoDate.exec(trimmed)?.[1] ? trimmed : `${trimmed.replace(' ', 'T')}Z`;
    parsed = Date.parse(zoned);
  } else {
    // Loose dates must name a year; without one the platform parser guesses wildly.
    if (!/\b\d{4}\b/.test(trimmed)) return null;
    const normalized = trimmed
      .replace(/(\d)(?:st|nd|rd|th)\b/gi, '$1')
      .replace(/(\d)(am|pm)\b/gi, '$1 $2');
    parsed = Date.parse(namedZone.test(normalized) ? normalized : `${normalized} UTC`);
  }
  return Number.isFinite(parsed) ? new Date(parsed) : null;
}

// Since feature level 451 Zulip leaves an unreadable `<time:…>` as the text it
// was, escaped, rather than an error span; the rest of the line renders as usual.
function timestamp(state: StateInline, silentMode: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3c /* < */) return false;
  const match = timeSyntax.exec(state.src.slice(state.pos, state.posMax));
  if (!match) return false;
  const text = match[1] ?? '';
  const date = parseTimestamp(text);
  if (!date) return false;
  if (!silentMode) state.push('timestamp', 'time', 0).meta = { text, date };
  state.pos += match[0].length;
  return true;
}

function renderTimestamp(tokens: Token[], index: number): string {
  const { text, date } = tokens[index]?.meta as { text: string; date: Date };
  const datetime = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `<time datetime="${datetime}">${escapeText(text)}</time>`;
}

export function timestamps(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'timestamp', timestamp);
  md.renderer.rules.timestamp = renderTimestamp;
}
