import { RoleNumber } from '../../permissions/rolePolicies';
import type { Sql } from './sql';

// Zulip's role values, so that `role` means the same on the wire.
export const Role = RoleNumber;

export interface UserRow {
  id: number;
  email: string;
  full_name: string;
  role: number;
  is_bot: number;
  bot_type: number | null;
  bot_owner_id: number | null;
  is_active: number;
  timezone: string;
  date_joined: number;
  api_key: string;
  password_hash: string | null;
  /** Zulip's avatar_version: raised whenever the avatar the host draws changes. */
  avatar_version: number;
  /** 1 for someone created through the API who has not signed in yet (Zulip's tos_version "-1"). */
  first_login_pending: number;
  /** Zulip's avatar_source: 'J' for a Jdenticon pattern, else 'G', which the host draws as initials. */
  avatar_source: string;
  /** 1 for Zulip's Notification Bot and Welcome Bot, users outside the organization. */
  is_system_bot: number;
}

export interface NewUser {
  email: string;
  fullName: string;
  role: number;
  apiKey: string;
  passwordHash: string | null;
  dateJoined: number;
  isBot?: boolean;
  botType?: number | null;
  botOwnerId?: number | null;
  firstLoginPending?: boolean;
  avatarSource?: string;
}

export function insertUser(sql: Sql, user: NewUser): number {
  return sql.run(
    `INSERT INTO users (email, full_name, role, is_bot, bot_type, bot_owner_id, date_joined, api_key, password_hash, first_login_pending, avatar_source)
     VALUES (:email, :fullName, :role, :isBot, :botType, :botOwnerId, :dateJoined, :apiKey, :passwordHash, :firstLoginPending, :avatarSource)`,
    {
      email: user.email,
      fullName: user.fullName,
      role: user.role,
      isBot: user.isBot ? 1 : 0,
      botType: user.botType ?? null,
      botOwnerId: user.botOwnerId ?? null,
      dateJoined: user.dateJoined,
      apiKey: user.apiKey,
      passwordHash: user.passwordHash,
      firstLoginPending: user.firstLoginPending ? 1 : 0,
      avatarSource: user.avatarSource ?? 'G',
    },
  ).lastInsertRowid;
}

/** Marks the first sign-in of someone created through the API; false when it was not theirs to mark. */
export function markFirstLogin(sql: Sql, userId: number, dateJoined: number): boolean {
  return (
    sql.run(
      'UPDATE users SET date_joined = ?, first_login_pending = 0 WHERE id = ? AND first_login_pending = 1',
      [dateJoined, userId],
    ).changes === 1
  );
}

export function userById(sql: Sql, id: number): UserRow | undefined {
  return sql.get<UserRow>('SELECT * FROM users WHERE id = ?', [id]);
}

export function userByEmail(sql: Sql, email: string): UserRow | undefined {
  return sql.get<UserRow>('SELECT * FROM users WHERE email = ?', [email]);
}

/** Stores a new name, and a new avatar version when the avatar drawn from it changes. */
export function setFullName(
  sql: Sql,
  userId: number,
  fullName: string,
  avatarChanged: boolean,
): void {
  sql.run('UPDATE users SET full_name = ?, avatar_version = avatar_version + ? WHERE id = ?', [
    fullName,
    avatarChanged ? 1 : 0,
    userId,
  ]);
}

export function setEmail(sql: Sql, userId: number, email: string): void {
  sql.run('UPDATE users SET email = ? WHERE id = ?', [email, userId]);
}

export function setTimezone(sql: Sql, userId: number, timezone: string): void {
  sql.run('UPDATE users SET timezone = ? WHERE id = ?', [timezone, userId]);
}

/**
 * Replaces the password hash only if it is still `checked`, the one a
 * password was checked against while no transaction was open; false if
 * another change came first.
 */
export function replacePasswordHash(
  sql: Sql,
  userId: number,
  checked: string,
  hash: string,
): boolean {
  return (
    sql.run('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?', [
      hash,
      userId,
      checked,
    ]).changes === 1
  );
}

export function usersByIds(sql: Sql, ids: readonly number[]): UserRow[] {
  return sql.all<UserRow>('SELECT * FROM users WHERE id IN (SELECT value FROM json_each(?))', [
    JSON.stringify(ids),
  ]);
}

export function allUsers(sql: Sql): UserRow[] {
  return sql.all<UserRow>('SELECT * FROM users WHERE is_system_bot = 0 ORDER BY id');
}

export function deactivatedUserIds(sql: Sql): Set<number> {
  return new Set(
    sql.all<{ id: number }>('SELECT id FROM users WHERE is_active = 0').map((row) => row.id),
  );
}

export function activeUserIds(sql: Sql): number[] {
  return sql
    .all<{ id: number }>(
      'SELECT id FROM users WHERE is_active = 1 AND is_system_bot = 0 ORDER BY id',
    )
    .map((row) => row.id);
}

export function firstOwner(sql: Sql): UserRow | undefined {
  return sql.get<UserRow>('SELECT * FROM users WHERE role = ? ORDER BY id LIMIT 1', [Role.owner]);
}

export function adminIds(sql: Sql): number[] {
  return sql
    .all<{ id: number }>('SELECT id FROM users WHERE is_active = 1 AND role <= ? ORDER BY id', [
      Role.admin,
    ])
    .map((row) => row.id);
}

export function activeNonGuestIds(sql: Sql): number[] {
  return sql
    .all<{ id: number }>(
      'SELECT id FROM users WHERE is_active = 1 AND is_system_bot = 0 AND role != ? ORDER BY id',
      [Role.guest],
    )
    .map((row) => row.id);
}

export function setRole(sql: Sql, userId: number, role: number): void {
  sql.run('UPDATE users SET role = ? WHERE id = ?', [role, userId]);
}

export function setActive(sql: Sql, userId: number, active: boolean): void {
  sql.run('UPDATE users SET is_active = ? WHERE id = ?', [active ? 1 : 0, userId]);
}

/** The owners who can still sign in (bots aside). */
export function activeOwnerIds(sql: Sql): number[] {
  return sql
    .all<{ id: number }>(
      'SELECT id FROM users WHERE is_active = 1 AND is_bot = 0 AND role = ? ORDER BY id',
      [Role.owner],
    )
    .map((row) => row.id);
}
