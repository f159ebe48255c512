import { LEGACY_ACTIVITY_OFFSET_SECONDS, type ClientPresence, type QueuedEvent } from '../wire';
import type { Presences } from '../wire/registerState';

/**
 * A `presence` event (Zulip 7.0 sends one when a user first reports or comes
 * back after looking offline) replaces the user's entry: by email with the
 * event's client, or in the slim form by user ID. An idle report is only
 * announced as a user's first, which Zulip dates just beyond the activity
 * offset.
 */
export function applyPresenceEvent(
  presences: Presences,
  event: QueuedEvent,
  slim: boolean,
): Presences {
  const reported = Object.values(event.presence as Record<string, ClientPresence>)[0];
  if (!reported) return presences;
  if (slim) {
    const { timestamp } = reported;
    const activeAt =
      reported.status === 'active' ? timestamp : timestamp - LEGACY_ACTIVITY_OFFSET_SECONDS - 1;
    return {
      ...presences,
      [String(event.user_id)]: { active_timestamp: activeAt, idle_timestamp: timestamp },
    };
  }
  const { client, status, timestamp } = reported;
  return {
    ...presences,
    [event.email as string]: { aggregated: { client, status, timestamp }, website: reported },
  };
}
