import { z } from 'zod';

// Zulip's legacy presence of one client: the only client Zulip 7.0 reports is
// "website", standing for all of the user's clients.
export const clientPresenceSchema = z.object({
  client: z.string(),
  status: z.enum(['active', 'idle']),
  timestamp: z.number().int(),
  pushable: z.boolean(),
});
export type ClientPresence = z.infer<typeof clientPresenceSchema>;

/** A user's presence keyed by client, plus `aggregated` (the most recent one). */
export const legacyPresenceSchema = z.object({
  aggregated: clientPresenceSchema.omit({ pushable: true }),
  website: clientPresenceSchema,
});
export type LegacyPresence = z.infer<typeof legacyPresenceSchema>;

/** The slim_presence form, keyed by user ID instead of email. */
export const modernPresenceSchema = z.object({
  active_timestamp: z.number().int(),
  idle_timestamp: z.number().int(),
});
export type ModernPresence = z.infer<typeof modernPresenceSchema>;

// Zulip 7.0's settings.PRESENCE_LEGACY_EVENT_OFFSET_FOR_ACTIVITY_SECONDS: a
// user counts as active while their last activity is this close to their
// last connection.
export const LEGACY_ACTIVITY_OFFSET_SECONDS = 70;

/**
 * Zulip's format_legacy_presence_dict: a modern presence as the one
 * synthetic "website" client, active while the last activity is within the
 * offset of the last connection.
 */
export function legacyClientPresenceOf(times: ModernPresence): ClientPresence {
  const active = times.active_timestamp + LEGACY_ACTIVITY_OFFSET_SECONDS >= times.idle_timestamp;
  return {
    client: 'website',
    status: active ? 'active' : 'idle',
    timestamp: active ? times.active_timestamp : times.idle_timestamp,
    pushable: false,
  };
}
