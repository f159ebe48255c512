import type { Profile, User } from '../../wire';
import { Role, type UserRow } from '../store/users';
import { avatarUrl } from './avatars';

export function toWireUser(
  row: UserRow,
  options: { clientGravatar: boolean; ownerEmail?: string },
): User & { role: number; delivery_email: string } {
  return {
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
    ...(row.is_bot ? { bot_owner_id: row.bot_owner_id } : {}),
    ...(options.ownerEmail !== undefined ? { bot_owner: options.ownerEmail } : {}),
    avatar_url: avatarUrl(row.id),
    timezone: row.timezone,
    date_joined: new Date(row.date_joined * 1000).toISOString(),
  };
}

export function toProfile(row: UserRow, maxMessageId: number): Profile & { role: number } {
  return {
    ...toWireUser(row, { clientGravatar: false }),
    pointer: -1,
    max_message_id: maxMessageId,
    client_id: `hearth-${row.id}`,
    short_name: row.email.split('@')[0] ?? row.email,
  };
}
