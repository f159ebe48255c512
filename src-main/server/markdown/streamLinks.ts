import type { MarkdownIt } from 'markdown-it';
import type { StateInline, Token } from 'markdown-it';
import { mayStartReference } from './boundaries';
import { escapeAttribute, escapeText } from './escape';
import { defaultEmptyTopicName } from '../../permissions/topicsPolicy';
import { renderEnv, type LinkableStream } from './lookups';

type StreamLinkMeta = {
  stream: LinkableStream;
  topic: string | null;
  /** A topic link's latest message (`/with/`), or a message link's message (`/near/`). */
  messageId: number | undefined;
  isMessageLink: boolean;
};

// Zulip 10's message links (feature level 319) and topic links may name the
// empty topic (feature level 346).
const messageLinkSyntax = /^#\*\*([^*>]+)>([^*]*?)@(\d+)\*\*/;
const topicLinkSyntax = /^#\*\*([^*>]+)>([^*]*)\*\*/;
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
  const messageLink = messageLinkSyntax.exec(rest);
  const match = messageLink ?? topicLinkSyntax.exec(rest) ?? streamLinkSyntax.exec(rest);
  if (!match?.[1]) return false;
  const { lookups } = renderEnv(state.env);
  const stream = lookups.streamByName(match[1]);
  // Zulip links a stream only when the name is spelled with the stream's own case.
  if (!stream || stream.name !== match[1]) return false;
  if (!silentMode) {
    const topic = match[2] ?? null;
    const meta: StreamLinkMeta = {
      stream,
      topic,
      messageId: messageLink
        ? Number(messageLink[3])
        : topic === null
          ? undefined
          : lookups.latestTopicMessageId(stream.id, topic),
      isMessageLink: messageLink !== null,
    };
    state.push('stream_link', 'a', 0).meta = meta;
  }
  state.pos += match[0].length;
  return true;
}

// The empty topic shows as the organization's name for it, in italics, as Zulip writes it.
const topicText = (topic: string) =>
  topic === '' ? `<em>${escapeText(defaultEmptyTopicName)}</em>` : escapeText(topic);

function renderStreamLink(tokens: Token[], index: number): string {
  const { stream, topic, messageId, isMessageLink } = tokens[index]?.meta as StreamLinkMeta;
  const base = `/#narrow/channel/${streamNarrowSlug(stream)}`;
  if (topic === null) {
    return `<a class="stream" data-stream-id="${stream.id}" href="${escapeAttribute(base)}">#${escapeText(stream.name)}</a>`;
  }
  const topicUrl = `${base}/topic/${encodeHashComponent(topic)}`;
  const text = `#${escapeText(stream.name)} &gt; ${topicText(topic)}`;
  if (isMessageLink) {
    return `<a class="message-link" href="${escapeAttribute(`${topicUrl}/near/${messageId}`)}">${text} @ 💬</a>`;
  }
  // Zulip 10 points a topic link at one of its messages (feature level 347),
  // so it survives the topic moving; an empty topic has none to point at.
  const href = messageId === undefined ? topicUrl : `${topicUrl}/with/${messageId}`;
  return `<a class="stream-topic" data-stream-id="${stream.id}" href="${escapeAttribute(href)}">${text}</a>`;
}

export function streamLinks(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'stream_link', streamLink);
  md.renderer.rules.stream_link = renderStreamLink;
}
