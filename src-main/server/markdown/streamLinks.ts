import type { MarkdownIt } from 'markdown-it';
import type { StateInline, Token } from 'markdown-it';
import { mayStartReference } from './boundaries';
import { escapeAttribute, escapeText } from './escape';
import { renderEnv, type LinkableStream } from './lookups';

type StreamLinkMeta = {
  stream: LinkableStream;
  topic: string | null;
};

const topicLinkSyntax = /^#\*\*([^*>]+)>([^*]+)\*\*/;
const streamLinkSyntax = /^#\*\*([^*]+)\*\*/;

// Zulip's hash encoding for narrow URLs: percent-encoding with only
// letters, digits and `-_.~` left alone, then `.` for `%` (and `.2E` for `.`).
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/\./g, '%2E')
    .replace(/%/g, '.');
}

export function streamNarrowSlug(stream: LinkableStream): string {
  return `${stream.id}-${encodeHashComponent(stream.name.replace(/ /g, '-'))}`;
}

function streamLink(state: StateInline, silentMode: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x23 /* # */) return false;
  if (!mayStartReference(state.src, state.pos)) return false;
  const rest = state.src.slice(state.pos, state.posMax);
  const match = topicLinkSyntax.exec(rest) ?? streamLinkSyntax.exec(rest);
  if (!match?.[1]) return false;
  const stream = renderEnv(state.env).lookups.streamByName(match[1]);
  // Zulip links a stream only when the name is spelled with the stream's own case.
  if (!stream || stream.name !== match[1]) return false;
  if (!silentMode) {
    const meta: StreamLinkMeta = { stream, topic: match[2] ?? null };
    state.push('stream_link', 'a', 0).meta = meta;
  }
  state.pos += match[0].length;
  return true;
}

function renderStreamLink(tokens: Token[], index: number): string {
  const { stream, topic } = tokens[index]?.meta as StreamLinkMeta;
  const base = `/#narrow/stream/${streamNarrowSlug(stream)}`;
  const attrs = (className: string, href: string) =>
    `class="${className}" data-stream-id="${stream.id}" href="${escapeAttribute(href)}"`;
  if (topic === null) {
    return `<a ${attrs('stream', base)}>#${escapeText(stream.name)}</a>`;
  }
  const href = `${base}/topic/${encodeHashComponent(topic)}`;
  return `<a ${attrs('stream-topic', href)}>#${escapeText(`${stream.name} > ${topic}`)}</a>`;
}

export function streamLinks(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'stream_link', streamLink);
  md.renderer.rules.stream_link = renderStreamLink;
}
