import { z } from 'zod';
import { updateMessage } from '../../actions/updateMessage';
import { messageHistory } from '../../queries/messageHistory';
import { fetchSingleMessage } from '../../queries/singleMessage';
import { userEndpoint } from '../endpoint';
import { messageWithEmptyTopicShown } from '../../events/emptyTopicName';
import { optional, required } from '../params';

const messageId = required('json', z.number().int().nonnegative());

export const updateMessageEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/messages/:message_id',
  params: {
    message_id: messageId,
    content: optional('text', z.string()),
    topic: optional('text', z.string(), undefined, { aliases: ['subject'] }),
    stream_id: optional('json', z.number().int().nonnegative()),
    propagate_mode: optional(
      'text',
      z.enum(['change_one', 'change_later', 'change_all']),
      'change_one',
    ),
    // Zulip 7.0's notices of a move, which Hearth posts as the editor.
    send_notification_to_old_thread: optional('json', z.boolean(), false),
    send_notification_to_new_thread: optional('json', z.boolean(), true),
    prev_content_sha256: optional('text', z.string()),
  },
  handle: ({ services, params, user }) => {
    const { detachedUploads } = updateMessage(services, user, {
      messageId: params.message_id,
      content: params.content,
      topic: params.topic,
      streamId: params.stream_id,
      propagateMode: params.propagate_mode,
      notifyOldThread: params.send_notification_to_old_thread,
      notifyNewThread: params.send_notification_to_new_thread,
      prevContentSha256: params.prev_content_sha256,
    });
    return { detached_uploads: detachedUploads };
  },
});

export const getMessageEndpoint = userEndpoint({
  method: 'GET',
  path: '/messages/:message_id',
  params: {
    message_id: messageId,
    apply_markdown: optional('json', z.boolean(), true),
    allow_empty_topic_name: optional('json', z.boolean(), false),
  },
  handle: ({ services, params, user }) => {
    const found = fetchSingleMessage(services, user, params.message_id, params.apply_markdown);
    if (params.allow_empty_topic_name) return { ...found };
    return { ...found, message: messageWithEmptyTopicShown(found.message) };
  },
});

export const getMessageHistoryEndpoint = userEndpoint({
  method: 'GET',
  path: '/messages/:message_id/history',
  params: { message_id: messageId },
  handle: ({ services, params, user }) => ({
    message_history: messageHistory(services, user, params.message_id),
  }),
});
