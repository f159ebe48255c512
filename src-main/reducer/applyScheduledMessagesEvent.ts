import type { QueuedEvent, ScheduledMessage } from '../wire';

const soonestFirst = (a: ScheduledMessage, b: ScheduledMessage) =>
  a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp ||
  a.scheduled_message_id - b.scheduled_message_id;

/**
 * Zulip's apply_event for `scheduled_messages`: added ones join the list,
 * an update replaces its entry, a sent or deleted one leaves; the list stays
 * soonest first, as a fresh register has it.
 */
export function applyScheduledMessagesEvent(
  list: readonly ScheduledMessage[],
  event: QueuedEvent,
): ScheduledMessage[] {
  switch (event.op) {
    case 'add': {
      const added = event.scheduled_messages as ScheduledMessage[];
      const ids = new Set(added.map((message) => message.scheduled_message_id));
      return [...list.filter((m) => !ids.has(m.scheduled_message_id)), ...added].sort(soonestFirst);
    }
    case 'update': {
      const updated = event.scheduled_message as ScheduledMessage;
      return list
        .map((m) => (m.scheduled_message_id === updated.scheduled_message_id ? updated : m))
        .sort(soonestFirst);
    }
    case 'remove':
      return list.filter((m) => m.scheduled_message_id !== event.scheduled_message_id);
    default:
      return [...list];
  }
}
