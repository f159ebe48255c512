import type { Sql } from './sql';

export interface InviteRow {
  id: number;
  key: string;
  invited_by: number;
  invited_as: number;
  /** A JSON array of stream IDs. */
  stream_ids: string;
  created_at: number;
  expires_at: number | null;
  revoked: number;
  include_realm_default_subscriptions: number;
  /** A JSON array of user group IDs. */
  group_ids: string;
}

export interface NewInvite {
  key: string;
  invitedBy: number;
  invitedAs: number;
  streamIds: readonly number[];
  createdAt: number;
  expiresAt: number | null;
  includeRealmDefaultSubscriptions: boolean;
  groupIds: readonly number[];
}

export function insertInvite(sql: Sql, invite: NewInvite): number {
  return sql.run(
    `INSERT INTO invites (key, invited_by, invited_as, stream_ids, created_at, expires_at,
       include_realm_default_subscriptions, group_ids)
     VALUES (:key, :invitedBy, :invitedAs, :streamIds, :createdAt, :expiresAt,
       :includeRealmDefaultSubscriptions, :groupIds)`,
    {
      ...invite,
      streamIds: JSON.stringify(invite.streamIds),
      includeRealmDefaultSubscriptions: invite.includeRealmDefaultSubscriptions ? 1 : 0,
      groupIds: JSON.stringify(invite.groupIds),
    },
  ).lastInsertRowid;
}

export function inviteById(sql: Sql, id: number): InviteRow | undefined {
  return sql.get<InviteRow>('SELECT * FROM invites WHERE id = ?', [id]);
}

export function inviteByKey(sql: Sql, key: string): InviteRow | undefined {
  return sql.get<InviteRow>('SELECT * FROM invites WHERE key = ?', [key]);
}

/** The links that still work at `now` (seconds), newest first. */
export function openInvites(sql: Sql, now: number): InviteRow[] {
  return sql.all<InviteRow>(
    `SELECT * FROM invites WHERE revoked = 0 AND (expires_at IS NULL OR expires_at > ?)
     ORDER BY id DESC`,
    [now],
  );
}

export function revokeInvite(sql: Sql, id: number): void {
  sql.run('UPDATE invites SET revoked = 1 WHERE id = ?', [id]);
}

/** Zulip's revoke_invites_generated_by_user: a deactivated user's links stop working. */
export function revokeInvitesBy(sql: Sql, userId: number): void {
  sql.run('UPDATE invites SET revoked = 1 WHERE invited_by = ? AND revoked = 0', [userId]);
}
