import { defaultEmptyTopicName } from '../../permissions/topicsPolicy';
import { encodeHashComponent, streamNarrowSlug } from './streamLinks';

/** The channel a link names: its ID for the URL, its name for the text. */
export interface LinkedChannel {
  id: number;
  name: string;
}

// Zulip's will_produce_broken_stream_topic_link, and the escapes of its fallback link.
const breaksLinkSyntax = /[`>*&[\]]|\$\$/g;
const linkEscapes: Readonly<Record<string, string>> = {
  '`': '&#96;',
  '>': '&gt;',
  '*': '&#42;',
  '&': '&amp;',
  $$: '&#36;&#36;',
  '[': '&#91;',
  ']': '&#93;',
};
const breaksLink = (text: string) => new RegExp(breaksLinkSyntax.source).test(text);
const escapeForLink = (text: string) =>
  text.replace(breaksLinkSyntax, (found) => linkEscapes[found] ?? found);

/** Zulip's get_fallback_markdown_link: a plain Markdown link where #**…** would break. */
function fallbackLink(channel: LinkedChannel, topic?: string, messageId?: number): string {
  let url = `#narrow/channel/${streamNarrowSlug(channel)}`;
  let text = `#${escapeForLink(channel.name)}`;
  if (topic !== undefined) {
    url += `/topic/${encodeHashComponent(topic)}`;
    text += ` > ${escapeForLink(topic === '' ? defaultEmptyTopicName : topic)}`;
  }
  if (messageId !== undefined) {
    url += `/near/${messageId}`;
    text += ' @ 💬';
  }
  return `[${text}](${url})`;
}

/** Zulip's get_stream_link_syntax: #**channel**. */
export const channelLinkSyntax = (channel: LinkedChannel): string =>
  breaksLink(channel.name) ? fallbackLink(channel) : `#**${channel.name}**`;

/** Zulip's get_stream_topic_link_syntax: #**channel>topic**. */
export const topicLinkSyntax = (channel: LinkedChannel, topic: string): string =>
  breaksLink(channel.name) || breaksLink(topic)
    ? fallbackLink(channel, topic)
    : `#**${channel.name}>${topic}**`;

/** Zulip's get_message_link_syntax: #**channel>topic@id**. */
export const messageLinkSyntax = (channel: LinkedChannel, topic: string, id: number): string =>
  breaksLink(channel.name) || breaksLink(topic)
    ? fallbackLink(channel, topic, id)
    : `#**${channel.name}>${topic}@${id}**`;

/** Zulip's stream_message_url: a channel message's address on the organization's site. */
export const channelMessageUrl = (
  realmUri: string,
  channel: LinkedChannel,
  topic: string,
  id: number,
): string =>
  `${realmUri}/#narrow/channel/${streamNarrowSlug(channel)}/topic/${encodeHashComponent(topic)}/near/${id}`;
