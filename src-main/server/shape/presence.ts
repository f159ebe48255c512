import {
  legacyClientPresenceOf,
  type ClientPresence,
  type LegacyPresence,
  type ModernPresence,
} from '../../wire';
import type { PresenceRow } from '../store/presence';

type Times = Pick<PresenceRow, 'last_active_time' | 'last_connected_time'>;

/** Zulip's format_legacy_presence_dict: one synthetic "website" client. */
export function legacyClientPresence(row: Times): ClientPresence {
  return legacyClientPresenceOf(modernPresence(row));
}

export function legacyPresence(row: Times): LegacyPresence {
  const website = legacyClientPresence(row);
  const { client, status, timestamp } = website;
  return { aggregated: { client, status, timestamp }, website };
}

export function modernPresence(row: Times): ModernPresence {
  return { active_timestamp: row.last_active_time, idle_timestamp: row.last_connected_time };
}

/** `presences` as Zulip answers it: by email, or with slim_presence by user ID. */
export function presencesByUser(
  rows: readonly PresenceRow[],
  slim: boolean,
): Record<string, LegacyPresence | ModernPresence> {
  return Object.fromEntries(
    rows.map((row) =>
      slim ? [String(row.user_id), modernPresence(row)] : [row.email, legacyPresence(row)],
    ),
  );
}
