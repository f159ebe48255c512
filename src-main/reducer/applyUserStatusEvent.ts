import type { QueuedEvent, UserStatus, UserStatuses } from '../wire';

/**
 * A `user_status` event changes only the parts it names: `away` false, an
 * empty text or an empty emoji name takes that part away, and a user left
 * with nothing set leaves the dict, as a fresh register has them.
 */
export function applyUserStatusEvent(statuses: UserStatuses, event: QueuedEvent): UserStatuses {
  const key = String(event.user_id);
  const status: UserStatus = { ...statuses[key] };
  if (typeof event.away === 'boolean') {
    if (event.away) status.away = true;
    else delete status.away;
  }
  if (typeof event.status_text === 'string') {
    if (event.status_text === '') delete status.status_text;
    else status.status_text = event.status_text;
  }
  if (typeof event.emoji_name === 'string') {
    delete status.emoji_name;
    delete status.emoji_code;
    delete status.reaction_type;
    if (event.emoji_name !== '') {
      status.emoji_name = event.emoji_name;
      status.emoji_code = String(event.emoji_code);
      status.reaction_type = String(event.reaction_type);
    }
  }
  const others = Object.fromEntries(Object.entries(statuses).filter(([id]) => id !== key));
  return Object.keys(status).length > 0 ? { ...others, [key]: status } : others;
}
