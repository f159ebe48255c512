import { emit, type Context } from './context';
import type { StoredMessage } from './org';
import { mutingUserIds } from './mutedUsers';
import { messageFor } from './render';

export interface Delivery {
  /** Who the message mentions personally: their flags say so. */
  mentioned: ReadonlySet<number>;
  /** The sender's queue and local ID, which its `message` event echoes. */
  localId?: { queueId: string; localId: string };
}

/**
 * Stores a new message with a row for each receiver (read for its sender)
 * and sends the `message` event to every one of them.
 */
export function deliverMessage(
  context: Context,
  message: StoredMessage,
  receivers: readonly number[],
  delivery: Delivery,
): void {
  const { org } = context;
  org.messages.set(message.id, message);
  const rows = new Map<number, Set<string>>();
  // Zulip's create_user_messages: read for the sender and for whoever muted them.
  const mutedBy = mutingUserIds(org, message.senderId);
  for (const id of receivers) {
    const flags = new Set<string>();
    if (id === message.senderId || mutedBy.has(id)) flags.add('read');
    if (delivery.mentioned.has(id)) flags.add('mentioned');
    rows.set(id, flags);
  }
  if (org.users.has(message.senderId) && !rows.has(message.senderId)) {
    rows.set(message.senderId, new Set(['read']));
  }
  org.flags.set(message.id, rows);
  emit(context, rows.keys(), (queue) => ({
    type: 'message',
    message: messageFor(
      org,
      message,
      queue.userId,
      { applyMarkdown: queue.applyMarkdown, emptyTopicName: queue.capabilities.empty_topic_name },
      false,
    ),
    flags: org.flagsOf(message.id, queue.userId),
    ...(delivery.localId && queue.id === delivery.localId.queueId
      ? { local_message_id: delivery.localId.localId }
      : {}),
  }));
}
