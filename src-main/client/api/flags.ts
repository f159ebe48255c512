import { z } from 'zod';
import { apiSuccessSchema } from '../../wire';
import { emptyTopicNameSince } from './emptyTopic';
import type { HttpClient } from './http';
import { partialRounds, partialSchema, untilComplete } from './partialAnswers';

const flagsForNarrowSchema = z.looseObject({
  found_newest: z.boolean(),
  last_processed_id: z.number().int().nullable(),
});
// The most messages one POST /messages/flags/narrow takes on.
const flagsForNarrowBatch = 5000;

/** Messages' flags: one message's, and a whole topic, stream or account marked read. */
export interface FlagsApi {
  /** Zulip's POST /messages/flags; the change comes back as an update_message_flags event. */
  updateMessageFlags(
    messageIds: readonly number[],
    op: 'add' | 'remove',
    flag: string,
  ): Promise<void>;
  markAllAsRead(): Promise<void>;
  markStreamAsRead(streamId: number): Promise<void>;
  markTopicAsRead(streamId: number, topic: string): Promise<void>;
}

export function flagsApi(http: HttpClient, featureLevel: () => number): FlagsApi {
  return {
    async updateMessageFlags(messageIds, op, flag) {
      await http.request(
        'POST',
        'messages/flags',
        { messages: [...messageIds], op, flag },
        apiSuccessSchema,
      );
    },
    async markAllAsRead() {
      await untilComplete(() => http.request('POST', 'mark_all_as_read', {}, partialSchema));
    },
    async markStreamAsRead(streamId) {
      await http.request('POST', 'mark_stream_as_read', { stream_id: streamId }, apiSuccessSchema);
    },
    async markTopicAsRead(streamId, topic) {
      // Older copies of Zulip's mark_topic_as_read took an empty topic_name
      // for "the whole channel"; the empty topic (general chat) is marked
      // through a narrow that names it, which no server reads another way.
      if (topic === '' && featureLevel() >= emptyTopicNameSince) {
        let anchor: number | 'oldest' = 'oldest';
        for (let round = 0; round < partialRounds; round++) {
          const answer: z.output<typeof flagsForNarrowSchema> = await http.request(
            'POST',
            'messages/flags/narrow',
            {
              anchor: String(anchor),
              include_anchor: anchor === 'oldest',
              num_before: 0,
              num_after: flagsForNarrowBatch,
              narrow: [
                { operator: 'channel', operand: streamId },
                { operator: 'topic', operand: '' },
                { operator: 'is', operand: 'unread' },
              ],
              op: 'add',
              flag: 'read',
            },
            flagsForNarrowSchema,
          );
          if (answer.found_newest || answer.last_processed_id === null) return;
          anchor = answer.last_processed_id;
        }
        return;
      }
      await http.request(
        'POST',
        'mark_topic_as_read',
        { stream_id: streamId, topic_name: topic },
        apiSuccessSchema,
      );
    },
  };
}
