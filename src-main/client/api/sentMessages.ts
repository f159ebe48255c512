import { z } from 'zod';
import { apiSuccessSchema } from '../../wire';
import { emptyTopic } from './emptyTopic';
import type { HttpClient } from './http';

const readReceiptsSchema = z.looseObject({ user_ids: z.array(z.number().int()) });

// Zulip 7.0 answers GET /messages/{id} with the message, and with its
// Markdown in `raw_content` (deprecated) or, without markdown applied, in `content`.
const singleMessageSchema = z.looseObject({
  raw_content: z.string().optional(),
  message: z.looseObject({ content: z.string() }),
});

const historySchema = z.looseObject({
  message_history: z.array(
    z.looseObject({
      topic: z.string(),
      content: z.string(),
      rendered_content: z.string().nullable(),
      user_id: z.number().int().nullable(),
      timestamp: z.number(),
      prev_topic: z.string().optional(),
      prev_content: z.string().optional(),
      content_html_diff: z.string().optional(),
    }),
  ),
});
export type HistorySnapshot = z.infer<typeof historySchema>['message_history'][number];

/** Zulip's propagate_mode: which of the topic's messages a topic edit moves. */
export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface MessageChange {
  content?: string | undefined;
  topic?: string | undefined;
  propagateMode?: PropagateMode | undefined;
  /** Zulip 7.0's move to another stream. */
  streamId?: number | undefined;
}

/** One message already on the server, by its ID: edited, moved, deleted, read back, voted on, read by whom. */
export interface SentMessagesApi {
  /** Zulip's PATCH /messages/{id}; the change comes back as an update_message event. */
  updateMessage(messageId: number, change: MessageChange): Promise<void>;
  deleteMessage(messageId: number): Promise<void>;
  /** Zulip 7.0's GET /messages/{id}/read_receipts: who has read the message. */
  getReadReceipts(messageId: number): Promise<number[]>;
  /** The message as its sender wrote it, in Markdown. */
  getRawContent(messageId: number): Promise<string>;
  /** Every version of the message, the original first. */
  getMessageHistory(messageId: number): Promise<HistorySnapshot[]>;
  /** POST /submessage: a vote, option, task or strike on a message's widget (`content` is its JSON). */
  sendSubmessage(messageId: number, msgType: string, content: string): Promise<void>;
}

export function sentMessagesApi(http: HttpClient, featureLevel: () => number): SentMessagesApi {
  return {
    async updateMessage(messageId, { content, topic, propagateMode, streamId }) {
      await http.request(
        'PATCH',
        `messages/${messageId}`,
        {
          ...(content === undefined ? {} : { content }),
          ...(topic === undefined ? {} : { topic }),
          ...(propagateMode === undefined ? {} : { propagate_mode: propagateMode }),
          ...(streamId === undefined ? {} : { stream_id: streamId }),
        },
        apiSuccessSchema,
      );
    },
    async deleteMessage(messageId) {
      await http.request('DELETE', `messages/${messageId}`, {}, apiSuccessSchema);
    },
    async getReadReceipts(messageId) {
      const path = `messages/${messageId}/read_receipts`;
      return (await http.request('GET', path, {}, readReceiptsSchema)).user_ids;
    },
    async getRawContent(messageId) {
      const answer = await http.request(
        'GET',
        `messages/${messageId}`,
        { apply_markdown: false, ...emptyTopic(featureLevel) },
        singleMessageSchema,
      );
      return answer.raw_content ?? answer.message.content;
    },
    async getMessageHistory(messageId) {
      const path = `messages/${messageId}/history`;
      return (await http.request('GET', path, emptyTopic(featureLevel), historySchema))
        .message_history;
    },
    async sendSubmessage(messageId, msgType, content) {
      await http.request(
        'POST',
        'submessage',
        { message_id: messageId, msg_type: msgType, content },
        apiSuccessSchema,
      );
    },
  };
}
