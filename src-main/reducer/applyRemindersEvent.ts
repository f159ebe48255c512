import type { QueuedEvent, Reminder } from '../wire';

const soonestFirst = (a: Reminder, b: Reminder) =>
  a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp || a.reminder_id - b.reminder_id;

/**
 * Zulip's apply_event for `reminders` (feature level 399): added ones join
 * the list, a delivered or deleted one leaves; the list stays soonest first,
 * as a fresh register has it.
 */
export function applyRemindersEvent(list: readonly Reminder[], event: QueuedEvent): Reminder[] {
  switch (event.op) {
    case 'add': {
      const added = event.reminders as Reminder[];
      const ids = new Set(added.map((reminder) => reminder.reminder_id));
      return [...list.filter((r) => !ids.has(r.reminder_id)), ...added].sort(soonestFirst);
    }
    case 'remove':
      return list.filter((r) => r.reminder_id !== event.reminder_id);
    default:
      return [...list];
  }
}
