import type { Org, Stream } from './org';

/**
 * Zulip's metadata access to a channel: its subscribers, the organization's
 * administrators, and for a public channel everyone but guests.
 */
export function canSeeChannel(org: Org, userId: number, stream: Stream): boolean {
  if (org.isSubscribed(userId, stream) || org.isAdmin(userId)) return true;
  return !stream.invite_only && org.user(userId)?.is_guest === false;
}

/** Everyone active who can see that the channel exists: who hears of its changes and its subscribers. */
export const channelAudience = (org: Org, stream: Stream): number[] =>
  org.allUserIds().filter((id) => canSeeChannel(org, id, stream));
