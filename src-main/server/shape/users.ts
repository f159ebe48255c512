import type { Profile, User } from '../../wire';
import { Role, type UserRow } from '../store/users';
import { avatarUrl } from './avatars';
import { shortName } from './shortName';

type WireUser = User & { role: number; delivery_email: string; is_imported_stub: boolean };

// Objects here are built as one literal and extended with Object.assign: V8
// copies `{ ...spread, more }` through a slow path, which made shaping a user
// the costliest step of GET /users/me.
/** A user's date_joined as the wire gives it. */
export function wireDateJoined(row: Pick<UserRow, 'date_joined'>): string {
  return new Date(row.date_joined * 1000).toISOString();
}

export function toWireUser(
  row: UserRow,
  options: { clientGravatar: boolean; ownerEmail?: string },
): WireUser {
  const user: WireUser = {
    user_id: row.id,
    email: row.email,
    delivery_email: row.email,
    full_name: row.full_name,
    role: row.role,
    is_owner: row.role === Role.owner,
    is_admin: row.role <= Role.admin,
    is_guest: row.role === Role.guest,
    is_bot: row.is_bot === 1,
    is_active: row.is_active === 1,
    bot_type: row.bot_type,
    avatar_url: avatarUrl(row),
    avatar_version: row.avatar_version,
    timezone: row.timezone,
    date_joined: wireDateJoined(row),
    // Zulip 12 (feature level 433): the host imports no one as a stub.
    is_imported_stub: false,
  };
  if (row.is_bot !== 1 && options.ownerEmail === undefined) return user;
  // A bot's owner comes before its avatar, in Zulip's order.
  const { avatar_url, avatar_version, timezone, date_joined, ...identity } = user;
  return {
    ...identity,
    ...(row.is_bot ? { bot_owner_id: row.bot_owner_id } : {}),
    ...(options.ownerEmail !== undefined ? { bot_owner: options.ownerEmail } : {}),
    avatar_url,
    avatar_version,
    timezone,
    date_joined,
  };
}

type WireProfile = Profile & { role: number };

// GET /users/me shapes the same row, the one the authentication cache holds,
// on every call; rows are never changed in place, only replaced.
const profiles = new WeakMap<UserRow, WireProfile>();

export function toProfile(row: UserRow, maxMessageId: number): WireProfile {
  let profile = profiles.get(row);
  if (!profile) {
    profile = Object.assign(toWireUser(row, { clientGravatar: false }), {
      pointer: -1,
      max_message_id: maxMessageId,
      client_id: `hearth-${row.id}`,
      short_name: shortName(row.email),
    });
    profiles.set(row, profile);
  }
  return Object.assign({}, profile, { max_message_id: maxMessageId });
}
