import {
  LEGACY_ACTIVITY_OFFSET_SECONDS,
  legacyClientPresenceOf,
  type ClientPresence,
  type ModernPresence,
  type QueuedEvent,
} from '../wire';
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
  emailOf: (userId: number) => string | undefined,
): Presences {
  if (event.presences !== undefined) {
    return withModernPresences(presences, event.presences as Record<string, ModernPresence>, {
      slim,
      emailOf,
    });
  }
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

/**
 * Zulip 11's presence event for a client with simplified_presence_events
 * (feature level 419): modern presences by user ID, which a state
 * registered without slim_presence keeps by email in the legacy form.
 */
function withModernPresences(
  presences: Presences,
  reported: Record<string, ModernPresence>,
  { slim, emailOf }: { slim: boolean; emailOf: (userId: number) => string | undefined },
): Presences {
  const next = { ...presences };
  for (const [userId, times] of Object.entries(reported)) {
    if (slim) {
      next[userId] = times;
      continue;
    }
    const email = emailOf(Number(userId));
    if (email === undefined) continue;
    const website = legacyClientPresenceOf(times);
    const { client, status, timestamp } = website;
    next[email] = { aggregated: { client, status, timestamp }, website };
  }
  return next;
}
