import { z } from 'zod';
import { canSeeChannel } from './channelAccess';
import { emit, type Context } from './context';
import { badRequest, invalidChannelId } from './errors';
import type { Stream } from './org';
import { int, parseParams, type RawParams } from './params';

// Zulip's ReadMessagesEvent: the one shape every "mark as read" action sends.
export const readEvent = (messages: number[], all: boolean) => ({
  type: 'update_message_flags',
  op: 'add',
  operation: 'add',
  flag: 'read',
  messages,
  all,
});

/**
 * Zulip's do_mark_all_as_read: every unread message of the user. The event
 * lists none and says `all`, sent even when nothing was unread; the double
 * never runs out of time, so the answer is always `complete` (feature level 211).
 */
export function markAllAsRead(context: Context, userId: number) {
  for (const rows of context.org.flags.values()) rows.get(userId)?.add('read');
  emit(context, [userId], () => readEvent([], true));
  return { complete: true };
}

/**
 * Zulip's do_mark_stream_messages_as_read: the user's unread messages in the
 * channel, or in one of its topics (without regard to case); no event when
 * none was unread.
 */
export function markChannelMessagesRead(
  context: Context,
  userId: number,
  stream: Stream,
  topic?: string,
): number[] {
  const { org } = context;
  const marked = [...org.messages.values()]
    .filter(
      (message) =>
        message.streamId === stream.stream_id &&
        (topic === undefined || message.topic.toLowerCase() === topic.toLowerCase()) &&
        org.flags.get(message.id)?.get(userId)?.has('read') === false,
    )
    .map((message) => message.id)
    .sort((a, b) => a - b);
  for (const id of marked) org.flags.get(id)?.get(userId)?.add('read');
  if (marked.length > 0) emit(context, [userId], () => readEvent(marked, false));
  return marked;
}

/** The channel as Zulip's access_stream_by_id gives it to the user, or its refusal. */
export function accessedChannel(context: Context, userId: number, streamId: number): Stream {
  const stream = context.org.streams.get(streamId);
  if (!stream || !canSeeChannel(context.org, userId, stream)) throw invalidChannelId();
  return stream;
}

/** POST /mark_stream_as_read. */
export function markStreamAsRead(context: Context, userId: number, raw: RawParams) {
  const { stream_id } = parseParams(z.object({ stream_id: int }), raw);
  markChannelMessagesRead(context, userId, accessedChannel(context, userId, stream_id));
}

/**
 * POST /mark_topic_as_read. Since Zulip 10 (feature level 334) `""`, or the
 * organization's name for it, is the empty topic; a named topic must hold a
 * message the user received.
 */
export function markTopicAsRead(context: Context, userId: number, raw: RawParams) {
  const { org } = context;
  const params = parseParams(z.object({ stream_id: int, topic_name: z.string() }), raw);
  const stream = accessedChannel(context, userId, params.stream_id);
  const topic = params.topic_name === org.emptyTopicName() ? '' : params.topic_name;
  if (topic !== '') {
    const received = [...org.messages.values()].some(
      (message) =>
        message.streamId === stream.stream_id &&
        message.topic.toLowerCase() === topic.toLowerCase() &&
        org.flags.get(message.id)?.has(userId) === true,
    );
    if (!received) throw badRequest(`No such topic '${topic}'`);
  }
  markChannelMessagesRead(context, userId, stream, topic);
}
