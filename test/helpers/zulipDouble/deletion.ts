import { emit, type Context } from './context';
import type { StoredMessage } from './org';
import type { Queue } from './queues';
import { topicFor } from './render';

/**
 * Zulip's do_delete_messages for messages of one conversation: they go, and
 * whoever had a row for one hears one delete_message event naming them all,
 * or, without bulk_message_deletion, one event per message naming it alone.
 */
export function deleteMessages(context: Context, messages: readonly StoredMessage[]): void {
  const { org } = context;
  const [first] = messages;
  if (!first) return;
  const receivers = new Set<number>();
  for (const message of messages) {
    for (const userId of org.flags.get(message.id)?.keys() ?? []) receivers.add(userId);
    org.messages.delete(message.id);
    org.flags.delete(message.id);
  }
  const where = (queue: Queue) =>
    first.streamId === null
      ? { message_type: 'private' }
      : {
          message_type: 'stream',
          stream_id: first.streamId,
          topic: topicFor(org, first.topic, {
            emptyTopicName: queue.capabilities.empty_topic_name,
          }),
        };
  const ids = messages.map((message) => message.id);
  emit(context, receivers, (queue) =>
    queue.capabilities.bulk_message_deletion
      ? { type: 'delete_message', message_ids: ids, ...where(queue) }
      : null,
  );
  for (const id of ids) {
    emit(context, receivers, (queue) =>
      queue.capabilities.bulk_message_deletion
        ? null
        : { type: 'delete_message', message_id: id, ...where(queue) },
    );
  }
}
