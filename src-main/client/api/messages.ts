import { z } from 'zod';
import {
  apiSuccessSchema,
  messageSchema,
  messagesResponseSchema,
  type Message,
  type MessagesResponse,
  type NarrowTerm,
} from '../../wire';
import { emptyTopic } from './emptyTopic';
import type { HttpClient } from './http';

const sentSchema = z.looseObject({ id: z.number().int() });

const renderedSchema = z.looseObject({ rendered: z.string() });

// A search's messages carry their content and topic with the matching words
// highlighted; those copies are for showing the result, not for the cache.
const searchAnswerSchema = z.looseObject({
  messages: z.array(
    messageSchema.extend({
      match_content: z.string().optional(),
      match_subject: z.string().optional(),
    }),
  ),
});

/** A search result's content and topic as HTML with Zulip's `highlight` spans; null where the server sent none. */
export interface Match {
  id: number;
  content: string | null;
  subject: string | null;
}

export interface MessagesRequest {
  anchor: number | 'newest' | 'oldest' | 'first_unread';
  numBefore: number;
  numAfter: number;
  narrow: readonly NarrowTerm[];
  /** Zulip 7.0's include_anchor: false asks only for messages strictly beyond a numeric anchor. */
  includeAnchor?: boolean;
  applyMarkdown?: boolean;
}

/** A message to send, and how the event queue will name it when it comes back. */
export interface OutgoingMessage {
  to: { streamId: number; topic: string } | { userIds: readonly number[] };
  content: string;
  queueId?: string;
  localId?: string;
}

export interface StreamMessage {
  stream: string;
  topic: string;
  content: string;
}

export type TypingTarget =
  | { kind: 'private'; userIds: readonly number[] }
  | { kind: 'stream'; streamId: number; topic: string };

// Zulip 8 (feature level 215): a channel's typing goes as stream_id and topic, not `to`.
const typingByStreamIdSince = 215;

/** Reading conversations and writing to them: fetching, searching, sending, previewing, typing. */
export interface MessagesApi {
  sendStreamMessage(message: StreamMessage): Promise<number>;
  getNewestMessages(narrow: readonly NarrowTerm[], count: number): Promise<Message[]>;
  getMessages(request: MessagesRequest): Promise<MessagesResponse>;
  /** GET /messages for a search: the messages, and Zulip's highlighted copies of what matched. */
  searchMessages(request: MessagesRequest): Promise<{ messages: Message[]; matches: Match[] }>;
  /** Resolves with the new message's ID. */
  sendMessage(message: OutgoingMessage): Promise<number>;
  /** Zulip's POST /messages/render: the HTML the content would get if sent; nothing is sent. */
  renderMessage(content: string): Promise<string>;
  /** Zulip's POST /typing, to a private conversation's people or a stream's topic. */
  setTyping(op: 'start' | 'stop', to: TypingTarget): Promise<void>;
}

/** GET /messages's parameters for a page; the HTML rendered unless asked otherwise. */
function pageParams(
  { anchor, numBefore, numAfter, narrow, includeAnchor, applyMarkdown }: MessagesRequest,
  featureLevel: () => number,
) {
  return {
    anchor,
    num_before: numBefore,
    num_after: numAfter,
    narrow,
    apply_markdown: applyMarkdown ?? true,
    ...(includeAnchor === undefined ? {} : { include_anchor: includeAnchor }),
    ...emptyTopic(featureLevel),
  };
}

export function messagesApi(http: HttpClient, featureLevel: () => number): MessagesApi {
  return {
    async sendStreamMessage({ stream, topic, content }) {
      const sent = await http.request(
        'POST',
        'messages',
        { type: 'stream', to: stream, topic, content },
        sentSchema,
      );
      return sent.id;
    },
    async getNewestMessages(narrow, count) {
      const response = await http.request(
        'GET',
        'messages',
        pageParams({ anchor: 'newest', numBefore: count, numAfter: 0, narrow }, featureLevel),
        messagesResponseSchema,
      );
      return response.messages;
    },
    getMessages: (request) =>
      http.request('GET', 'messages', pageParams(request, featureLevel), messagesResponseSchema),
    async searchMessages({ anchor, numBefore, numAfter, narrow }) {
      const answer = await http.request(
        'GET',
        'messages',
        pageParams({ anchor, numBefore, numAfter, narrow }, featureLevel),
        searchAnswerSchema,
      );
      return {
        messages: answer.messages.map((found) => {
          const message: Message & {
            match_content?: string | undefined;
            match_subject?: string | undefined;
          } = {
            ...found,
          };
          delete message.match_content;
          delete message.match_subject;
          return message;
        }),
        matches: answer.messages.map((message) => ({
          id: message.id,
          content: message.match_content ?? null,
          subject: message.match_subject ?? null,
        })),
      };
    },
    async sendMessage({ to, content, queueId, localId }) {
      // "direct" rather than the deprecated "private": feature level 174,
      // below the oldest server Hearth speaks to.
      const destination =
        'streamId' in to
          ? { type: 'stream', to: to.streamId, topic: to.topic }
          : { type: 'direct', to: [...to.userIds] };
      const sent = await http.request(
        'POST',
        'messages',
        {
          ...destination,
          content,
          ...(queueId === undefined ? {} : { queue_id: queueId }),
          ...(localId === undefined ? {} : { local_id: localId }),
        },
        sentSchema,
      );
      return sent.id;
    },
    async renderMessage(content) {
      return (await http.request('POST', 'messages/render', { content }, renderedSchema)).rendered;
    },
    async setTyping(op, to) {
      // "direct" (feature level 174): servers from 215 refuse "private".
      const params =
        to.kind === 'private'
          ? { type: 'direct', op, to: [...to.userIds] }
          : featureLevel() >= typingByStreamIdSince
            ? { type: 'stream', op, stream_id: to.streamId, topic: to.topic }
            : { type: 'stream', op, to: [to.streamId], topic: to.topic };
      await http.request('POST', 'typing', params, apiSuccessSchema);
    },
  };
}
