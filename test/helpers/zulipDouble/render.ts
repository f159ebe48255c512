import MarkdownIt from 'markdown-it';
import type { EditHistoryEntry } from '../../../src-main/wire';
import { visibleEditHistory } from './editHistoryVisibility';
import { topicLinksOf } from './linkifiers';
import type { Org, StoredMessage } from './org';

/** How the reader asked for messages: Zulip's apply_markdown and the empty-topic capability. */
export interface Reading {
  applyMarkdown: boolean;
  emptyTopicName: boolean;
}

// CommonMark with Zulip's line breaks and no raw HTML: what Zulip's own
// Markdown gives for emphasis, code, lists, quotes and links, which is what
// tests write; mentions, emoji and the rest of Zulip's own syntax stay plain text.
const markdown = new MarkdownIt({ html: false, breaks: true, linkify: false });

// The Pygments names Zulip gives the languages tests write, in data-code-language.
const pygmentsNames: Readonly<Record<string, string>> = {
  py: 'Python',
  python: 'Python',
  js: 'JavaScript',
  javascript: 'JavaScript',
};

// Zulip's ```quote fence, which its "Quote and reply" writes, is a blockquote
// of Markdown; a fence naming a language is Zulip's codehilite block of it.
const fence = markdown.renderer.rules.fence;
markdown.renderer.rules.fence = (tokens, index, options, env, renderer) => {
  const token = tokens[index];
  const language = token?.info.trim().toLowerCase() ?? '';
  if (language === 'quote') {
    return `<blockquote>\n${markdown.render(token?.content ?? '')}</blockquote>\n`;
  }
  const name = pygmentsNames[language];
  if (name && token) {
    const code = markdown.utils.escapeHtml(token.content);
    return `<div class="codehilite" data-code-language="${name}"><pre><span></span><code>${code}</code></pre></div>\n`;
  }
  return fence ? fence(tokens, index, options, env, renderer) : '';
};

export const renderContent = (content: string): string => markdown.render(content).trim();

/**
 * The topic as the reader gets it: since Zulip 10 (feature level 334) a
 * client without the empty_topic_name capability reads the empty topic as
 * the organization's name for it.
 */
export const topicFor = (org: Org, topic: string, reading: Pick<Reading, 'emptyTopicName'>) =>
  topic === '' && !reading.emptyTopicName ? org.emptyTopicName() : topic;

export const recipientIdOf = (message: StoredMessage): number =>
  message.streamId !== null
    ? 1000 + message.streamId
    : 2000 + (message.dmUserIds.reduce((sum, id) => sum * 31 + id, 7) % 100_000);

export const avatarUrl = (org: Org, userId: number) => `${org.url}/avatar/${userId}`;

function historyFor(org: Org, entry: EditHistoryEntry, reading: Reading): EditHistoryEntry {
  const shown = { ...entry };
  if (entry.prev_topic !== undefined) shown.prev_topic = topicFor(org, entry.prev_topic, reading);
  if (entry.topic !== undefined) shown.topic = topicFor(org, entry.topic, reading);
  return shown;
}

/** Zulip's message object for one reader; `flags` only where GET /messages puts them. */
export function messageFor(
  org: Org,
  message: StoredMessage,
  readerId: number,
  reading: Reading,
  withFlags: boolean,
): Record<string, unknown> {
  const sender = org.user(message.senderId);
  const displayRecipient =
    message.streamId !== null
      ? (org.streams.get(message.streamId)?.name ?? '')
      : message.dmUserIds.map((id) => ({
          id,
          email: org.user(id)?.email ?? '',
          full_name: org.user(id)?.full_name ?? '',
          is_mirror_dummy: false,
        }));
  return {
    id: message.id,
    sender_id: message.senderId,
    sender_email: sender?.email ?? '',
    sender_full_name: sender?.full_name ?? '',
    sender_realm_str: 'zulip',
    avatar_url: avatarUrl(org, message.senderId),
    client: message.client,
    content: reading.applyMarkdown ? renderContent(message.content) : message.content,
    content_type: reading.applyMarkdown ? 'text/html' : 'text/x-markdown',
    recipient_id: recipientIdOf(message),
    timestamp: message.timestamp,
    is_me_message: message.content.startsWith('/me '),
    reactions: message.reactions.map((reaction) => ({ ...reaction })),
    submessages: (message.submessages ?? []).map((submessage) => ({ ...submessage })),
    type: message.streamId !== null ? 'stream' : 'private',
    display_recipient: displayRecipient,
    subject: message.streamId !== null ? topicFor(org, message.topic, reading) : '',
    topic_links: message.streamId !== null ? topicLinksOf(org, message.topic) : [],
    ...(message.streamId !== null ? { stream_id: message.streamId } : {}),
    ...(message.editHistory.length > 0 &&
    org.realm.realm_message_edit_history_visibility_policy !== 'none'
      ? {
          edit_history: visibleEditHistory(org, message.editHistory).map((entry) =>
            historyFor(org, entry, reading),
          ),
        }
      : {}),
    ...(message.lastEditTimestamp !== null
      ? { last_edit_timestamp: message.lastEditTimestamp }
      : {}),
    ...(message.lastMovedTimestamp !== null
      ? { last_moved_timestamp: message.lastMovedTimestamp }
      : {}),
    ...(withFlags ? { flags: org.flagsOf(message.id, readerId) } : {}),
  };
}
