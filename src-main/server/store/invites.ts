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
  /** The address an email invitation is for; null for a reusable link. */
  email: string | null;
  notify_referrer_on_join: number;
  /** Null: the organization's own welcome text. */
  welcome_message_custom_text: string | null;
  /** Who joined by an email invitation, which then stops working. */
  used_by: number | null;
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
  email: string | null;
  notifyReferrerOnJoin: boolean;
  welcomeMessageCustomText: string | null;
}

export function insertInvite(sql: Sql, invite: NewInvite): number {
  return sql.run(
    `INSERT INTO invites (key, invited_by, invited_as, stream_ids, created_at, expires_at,
       include_realm_default_subscriptions, group_ids, email, notify_referrer_on_join,
       welcome_message_custom_text)
     VALUES (:key, :invitedBy, :invitedAs, :streamIds, :createdAt, :expiresAt,
       :includeRealmDefaultSubscriptions, :groupIds, :email, :notifyReferrerOnJoin,
       :welcomeMessageCustomText)`,
    {
      ...invite,
      streamIds: JSON.stringify(invite.streamIds),
      includeRealmDefaultSubscriptions: invite.includeRealmDefaultSubscriptions ? 1 : 0,
      groupIds: JSON.stringify(invite.groupIds),
      notifyReferrerOnJoin: invite.notifyReferrerOnJoin ? 1 : 0,
    },
  ).lastInsertRowid;
}

export function inviteById(sql: Sql, id: number): InviteRow | undefined {
  return sql.get<InviteRow>('SELECT * FROM invites WHERE id = ?', [id]);
}

export function inviteByKey(sql: Sql, key: string): InviteRow | undefined {
  return sql.get<InviteRow>('SELECT * FROM invites WHERE key = ?', [key]);
}

/**
 * The invitations that still work at `now` (seconds): email invitations
 * first, as Zulip lists them, then links, each newest first.
 */
export function openInvites(sql: Sql, now: number): InviteRow[] {
  return sql.all<InviteRow>(
    `SELECT * FROM invites
     WHERE revoked = 0 AND used_by IS NULL AND (expires_at IS NULL OR expires_at > ?)
     ORDER BY email IS NULL, id DESC`,
    [now],
  );
}

/** An email invitation has served its one newcomer. */
export function markInviteUsed(sql: Sql, id: number, userId: number): void {
  sql.run('UPDATE invites SET used_by = ? WHERE id = ?', [userId, id]);
}

/**
 * Zulip's revoke_preregistration_users: once someone joins with an address,
 * the other email invitations for it stop working. Returns how many did.
 */
export function revokeEmailInvitesFor(sql: Sql, email: string): number {
  return sql.run(
    `UPDATE invites SET revoked = 1
     WHERE email = ? COLLATE NOCASE AND revoked = 0 AND used_by IS NULL`,
    [email],
  ).changes;
}

export function revokeInvite(sql: Sql, id: number): void {
  sql.run('UPDATE invites SET revoked = 1 WHERE id = ?', [id]);
}

/** Zulip's revoke_invites_generated_by_user: a deactivated user's links stop working. */
export function revokeInvitesBy(sql: Sql, userId: number): void {
  sql.run('UPDATE invites SET revoked = 1 WHERE invited_by = ? AND revoked = 0', [userId]);
}
