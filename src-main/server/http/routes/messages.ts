import { z } from 'zod';
import { sendMessageGrouped } from '../../actions/sendMessage';
import type { Destination } from '../../messageDestination';
import { errors } from '../../errors';
import { narrowSchema } from '../../narrow/terms';
import { fetchMessages, fetchMessagesByIds, type Anchor } from '../../queries/messages';
import type { Message } from '../../../wire';
import { clientName } from '../clientName';
import { userEndpoint } from '../endpoint';
import { anchorDateSeconds, fetchAnchorSchema } from '../anchorParam';
import { messageWithEmptyTopicShown } from '../../events/emptyTopicName';
import { optional, required } from '../params';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// `to` is a stream name or ID for stream messages, and for private messages a
// JSON list of emails or user IDs, or a comma-separated list of emails.
function destination(type: string, to: string, topic: string | undefined): Destination {
  const json = parseJson(to);
  if (type === 'stream' || type === 'channel') {
    if (topic === undefined) throw errors.missingArgument('topic');
    const single = Array.isArray(json) && json.length === 1 ? json[0] : json;
    const stream =
      (typeof single === 'number' && Number.isInteger(single)) || typeof single === 'string'
        ? single
        : to;
    return { type: 'stream', stream, topic };
  }
  const list = z.array(z.union([z.string(), z.number().int()])).safeParse(json);
  if (list.success) return { type: 'private', to: list.data };
  if (typeof json === 'number' && Number.isInteger(json)) return { type: 'private', to: [json] };
  const emails = to
    .split(',')
    .map((email) => email.trim())
    .filter((email) => email.length > 0);
  return { type: 'private', to: emails };
}

export const postMessage = userEndpoint({
  method: 'POST',
  path: '/messages',
  allowIncomingWebhookBots: true,
  params: {
    type: required('text', z.enum(['stream', 'channel', 'private', 'direct'])),
    to: required('text', z.string()),
    topic: optional('text', z.string(), undefined, { aliases: ['subject'] }),
    content: required('text', z.string()),
    queue_id: optional('text', z.string()),
    local_id: optional('text', z.string()),
    // Zulip 8 (feature level 236): overrides whether the sender has read it.
    read_by_sender: optional('json', z.boolean()),
  },
  handle: ({ services, params, user, userAgent }) => {
    const localEcho =
      params.queue_id !== undefined && params.local_id !== undefined
        ? { queueId: params.queue_id, localId: params.local_id }
        : undefined;
    const request = {
      destination: destination(params.type, params.to, params.topic),
      content: params.content,
      clientName: clientName(userAgent),
      localEcho,
      readBySender: params.read_by_sender,
    };
    return (answer) => sendMessageGrouped(services, user, request, answer);
  },
});

// Zulip lists these when `message_ids` comes with a range.
const messageIdsClash = [
  'num_before',
  'num_after',
  'anchor',
  'message_ids',
  'include_anchor',
  'use_first_unread_anchor',
];

export const getMessages = userEndpoint({
  method: 'GET',
  path: '/messages',
  params: {
    anchor: optional('text', fetchAnchorSchema),
    anchor_date: optional('text', z.string()),
    use_first_unread_anchor: optional('json', z.boolean(), false),
    include_anchor: optional('json', z.boolean(), true),
    num_before: optional('json', z.number().int().nonnegative(), 0),
    num_after: optional('json', z.number().int().nonnegative(), 0),
    narrow: optional('json', narrowSchema, []),
    apply_markdown: optional('json', z.boolean(), true),
    client_gravatar: optional('json', z.boolean(), false),
    // Zulip 10 (feature level 334): without it the empty topic is named by its display name.
    allow_empty_topic_name: optional('json', z.boolean(), false),
    message_ids: optional('json', z.array(z.number().int().nonnegative())),
  },
  handle: ({ services, params, user }) => {
    const shown = <T extends { messages: Message[] }>(page: T): T =>
      params.allow_empty_topic_name
        ? page
        : { ...page, messages: page.messages.map(messageWithEmptyTopicShown) };
    if (params.message_ids !== undefined) {
      const ranged =
        params.num_before > 0 ||
        params.num_after > 0 ||
        params.anchor !== undefined ||
        params.use_first_unread_anchor;
      if (ranged) throw errors.incompatibleParameters(messageIdsClash);
      return shown(
        fetchMessagesByIds(services, user, {
          messageIds: params.message_ids,
          narrow: params.narrow,
          applyMarkdown: params.apply_markdown,
          clientGravatar: params.client_gravatar,
        }),
      );
    }
    const anchor: Anchor | undefined = params.use_first_unread_anchor
      ? 'first_unread'
      : params.anchor === 'date'
        ? dateAnchor(params.anchor_date)
        : params.anchor;
    if (anchor === undefined) throw errors.missingArgument('anchor');
    const page = fetchMessages(services, user, {
      anchor,
      includeAnchor: params.include_anchor,
      numBefore: params.num_before,
      numAfter: params.num_after,
      narrow: params.narrow,
      applyMarkdown: params.apply_markdown,
      clientGravatar: params.client_gravatar,
    });
    return shown(page);
  },
});

/** Zulip 12's `date` anchor (feature level 445): the first message sent at `anchor_date` or later. */
function dateAnchor(anchorDate: string | undefined): Anchor {
  if (anchorDate === undefined) throw errors.badRequest("Missing 'anchor_date' argument");
  const sentSince = anchorDateSeconds(anchorDate);
  if (sentSince === undefined) throw errors.badRequest('Invalid anchor_date');
  return { sentSince };
}
