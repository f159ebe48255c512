import { z } from 'zod';
import { emit, type Context } from './context';
import { badRequest, noSuchChannelId } from './errors';
import { int, intList, parseParams, type RawParams } from './params';
import { topicFor } from './render';
import { normalisedTopic } from './sendMessage';

const typingSchema = z.object({
  op: z.enum(['start', 'stop']),
  // "private" is the deprecated name of "direct" (feature level 174).
  type: z.enum(['direct', 'private', 'stream', 'channel']).default('direct'),
  to: intList.optional(),
  stream_id: int.optional(),
  topic: z.string().optional(),
});

/** POST /typing: a typing event to the conversation's other people who receive them. */
export function setTyping(context: Context, userId: number, raw: RawParams) {
  const { org } = context;
  const params = parseParams(typingSchema, raw);
  const sender = { user_id: userId, email: org.user(userId)?.email ?? '' };
  const receives = (id: number) =>
    id !== userId && org.settingsOf(id).receives_typing_notifications !== false;
  if (params.type === 'stream' || params.type === 'channel') {
    if (params.stream_id === undefined) throw badRequest("Missing 'stream_id' argument");
    if (params.topic === undefined) throw badRequest("Missing 'topic' argument");
    const stream = org.streams.get(params.stream_id);
    if (!stream) throw noSuchChannelId(params.stream_id);
    const topic = normalisedTopic(context, params.topic);
    emit(context, stream.subscribers.filter(receives), (queue) => ({
      type: 'typing',
      op: params.op,
      message_type: 'stream',
      sender,
      stream_id: stream.stream_id,
      topic: topicFor(org, topic, { emptyTopicName: queue.capabilities.empty_topic_name }),
    }));
    return;
  }
  if (!params.to || params.to.length === 0) throw badRequest("Missing 'to' argument");
  for (const id of params.to) if (!org.users.has(id)) throw badRequest(`Invalid user ID ${id}`);
  const everyone = [...new Set([userId, ...params.to])].sort((a, b) => a - b);
  emit(context, everyone.filter(receives), () => ({
    type: 'typing',
    op: params.op,
    message_type: 'direct',
    sender,
    recipients: everyone.map((id) => ({ user_id: id, email: org.user(id)?.email ?? '' })),
  }));
}
