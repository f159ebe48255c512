import { z } from 'zod';
import type { Context } from './context';
import { deleteMessages } from './deletion';
import { mustBeAdmin } from './errors';
import { accessedChannel } from './markAsRead';
import { parseParams, type RawParams } from './params';

// Zulip's retention batch for channel messages, which delete_topic deletes by.
const batchSize = 100;

/**
 * POST /streams/{stream_id}/delete_topic, for organization administrators:
 * the topic's messages they can read (a channel that hides its history from
 * newcomers, only those they received), newest first, a batch at a time,
 * each batch one deletion. The empty topic by "" or its display name
 * (feature level 334). The double never runs out of time, so the answer is
 * always `complete` (feature level 211).
 */
export function deleteTopic(context: Context, userId: number, streamId: number, raw: RawParams) {
  const { org } = context;
  if (!org.isAdmin(userId)) throw mustBeAdmin();
  const params = parseParams(z.object({ topic_name: z.string() }), raw);
  const stream = accessedChannel(context, userId, streamId);
  const topic = (params.topic_name === org.emptyTopicName() ? '' : params.topic_name).toLowerCase();
  const doomed = [...org.messages.values()]
    .filter(
      (message) =>
        message.streamId === stream.stream_id &&
        message.topic.toLowerCase() === topic &&
        org.canSee(userId, message) &&
        (stream.history_public_to_subscribers || org.flags.get(message.id)?.has(userId) === true),
    )
    .sort((a, b) => b.id - a.id);
  for (let start = 0; start < doomed.length; start += batchSize) {
    deleteMessages(context, doomed.slice(start, start + batchSize));
  }
  return { complete: true };
}
