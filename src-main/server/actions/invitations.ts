import { randomInt } from 'node:crypto';
import { fingerprintInLink } from '../../wire/fingerprint';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import {
  insertInvite,
  inviteById,
  inviteByKey,
  markInviteUsed,
  openInvites,
  revokeEmailInvitesFor,
  revokeInvite,
  type InviteRow,
  type NewInvite,
} from '../store/invites';
import { streamById, type StreamRow } from '../store/streams';
import { adminIds, Role, userById, type UserRow } from '../store/users';
import { checkNewUser, createUser } from './createUser';
import { requireAdministrator } from './groupPermission';
import {
  accessGroupsForInvite,
  accessStreamsForInvite,
  checkMayInvite,
  checkWelcomeText,
  refuseGuests,
} from './inviteAccess';
import { MIN_PASSWORD_LENGTH } from './credentials';
import { stageReferrerNotice } from './referrerNotice';
import { announceAll, type Announcements } from './systemBotMessages';

// Zulip's generate_key: 24 lowercase letters and digits.
const keyAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
const newKey = () => Array.from({ length: 24 }, () => keyAlphabet[randomInt(36)]).join('');

const now = () => Math.floor(Date.now() / 1000);

/** Zulip's settings.INVITATION_LINK_VALIDITY_MINUTES: ten days. */
export const INVITATION_LINK_VALIDITY_MINUTES = 10 * 24 * 60;

// Over the network the link carries the certificate's fingerprint, which a
// Hearth client pins before it sends anything: whoever holds the link trusts
// the host the person who made it trusts.
export const inviteLinkOf = (services: Services, invite: Pick<InviteRow, 'key'>): string => {
  const link = `${services.realmUri()}/join/${invite.key}/`;
  const fingerprint = services.certificateFingerprint();
  return fingerprint === null ? link : `${link}#fingerprint=${fingerprintInLink(fingerprint)}`;
};

// Zulip's notify_invites_changed: the invitation lists of administrators,
// and of the person whose invitation changed, refresh.
export function announceInvites(services: Services, referrerId?: number): void {
  const ids = adminIds(services.sql);
  if (referrerId !== undefined && !ids.includes(referrerId)) ids.push(referrerId);
  services.queues.notify(plainNotice('invites_changed', {}), ids);
}

export interface NewInvitation {
  /** Null: the link never expires. */
  expiresInMinutes: number | null;
  invitedAs: number;
  streamIds: readonly number[];
  /** Zulip 9 (feature level 261): whether newcomers join the default streams too. */
  includeRealmDefaultSubscriptions: boolean | undefined;
  /** Zulip 10 (feature level 322): the user groups newcomers join. */
  groupIds: readonly number[];
  /** Zulip 11 (feature level 416): the Welcome Bot's words; null, the organization's. */
  welcomeMessageCustomText: string | null;
}

/** The row of a new invitation, either kind, as the inviter asked for it. */
export function newInvite(
  inviter: UserRow,
  invitation: NewInvitation,
  rest: Pick<
    NewInvite,
    'streamIds' | 'groupIds' | 'includeRealmDefaultSubscriptions' | 'email' | 'notifyReferrerOnJoin'
  >,
): NewInvite {
  const created = now();
  return {
    ...rest,
    key: newKey(),
    invitedBy: inviter.id,
    invitedAs: invitation.invitedAs,
    createdAt: created,
    expiresAt:
      invitation.expiresInMinutes === null ? null : created + invitation.expiresInMinutes * 60,
    welcomeMessageCustomText: invitation.welcomeMessageCustomText,
  };
}

/**
 * Zulip's generate_multiuse_invite_backend: those the organization's
 * create_multiuse_invite_group names make a link anyone may join by, with
 * a role, the streams and groups it joins, and an expiry. Returns the link.
 */
export function createMultiuseInvite(
  services: Services,
  user: UserRow,
  invitation: NewInvitation,
): string {
  const { sql } = services;
  checkMayInvite(sql, user, 'create_multiuse_invite_group', invitation.invitedAs);
  const streams = accessStreamsForInvite(sql, user, invitation.streamIds);
  const key = sql.transaction(() => {
    const groupIds = accessGroupsForInvite(sql, user, invitation.groupIds);
    checkWelcomeText(user, invitation.welcomeMessageCustomText);
    const row = newInvite(user, invitation, {
      streamIds: streams.map((stream) => stream.id),
      groupIds,
      includeRealmDefaultSubscriptions: invitation.includeRealmDefaultSubscriptions ?? false,
      email: null,
      notifyReferrerOnJoin: true,
    });
    insertInvite(sql, row);
    return row.key;
  });
  announceInvites(services, user.id);
  return inviteLinkOf(services, { key });
}

/**
 * Zulip's GET /invites: the unexpired invitations of both kinds that
 * administrators manage, or others made. An email invitation carries
 * Hearth's own `hearth_link_url`, the link the inviter passes on by hand,
 * since the host sends no email.
 */
export function invitesFor(services: Services, user: UserRow): Record<string, unknown>[] {
  refuseGuests(user);
  return openInvites(services.sql, now())
    .filter((invite) => user.role <= Role.admin || invite.invited_by === user.id)
    .map((invite) => {
      const common = {
        id: invite.id,
        invited_by_user_id: invite.invited_by,
        invited: invite.created_at,
        expiry_date: invite.expires_at,
        invited_as: invite.invited_as,
      };
      return invite.email === null
        ? { ...common, is_multiuse: true, link_url: inviteLinkOf(services, invite) }
        : {
            ...common,
            email: invite.email,
            is_multiuse: false,
            notify_referrer_on_join: invite.notify_referrer_on_join === 1,
            hearth_link_url: inviteLinkOf(services, invite),
          };
    });
}

/** Zulip 7.0's revoke_multiuse_invite: the link stops working at once. */
export function revokeMultiuseInvite(services: Services, user: UserRow, inviteId: number): void {
  const { sql } = services;
  const invite = inviteById(sql, inviteId);
  if (!invite || invite.email !== null) throw errors.badRequest('No such invitation');
  if (invite.invited_by !== user.id) requireAdministrator(user);
  if (invite.revoked === 1) throw errors.badRequest('Invitation has already been revoked');
  sql.transaction(() => revokeInvite(sql, invite.id));
  announceInvites(services, invite.invited_by);
}

/** The invitation a key names, while it works; for a key that does not, why. */
export function openInvite(services: Services, key: string): InviteRow {
  const invite = inviteByKey(services.sql, key);
  if (
    !invite ||
    invite.revoked === 1 ||
    invite.used_by !== null ||
    (invite.expires_at !== null && invite.expires_at <= now())
  ) {
    throw errors.badRequest('This invitation link has expired or been revoked.');
  }
  return invite;
}

export interface Joining {
  key: string;
  email: string;
  fullName: string;
  password: string;
}

// An email invitation's link is for the one address it was made for.
function checkInvitedEmail(invite: InviteRow, email: string): void {
  if (invite.email !== null && invite.email.toLowerCase() !== email.trim().toLowerCase()) {
    throw errors.badRequest('This invitation is for another email address.');
  }
}

/**
 * Joins the organization by an invitation, as Zulip's registration page
 * does for a link or an email invitation: a new account with the
 * invitation's role, in its streams and user groups, announced as any new
 * user is.
 */
export async function joinByInvite(services: Services, joining: Joining): Promise<UserRow> {
  checkInvitedEmail(openInvite(services, joining.key), joining.email);
  if (joining.password.length < MIN_PASSWORD_LENGTH) {
    throw errors.badRequest(
      `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
    );
  }
  checkNewUser(services.sql, joining);
  const passwordHash = await services.passwords.hash(joining.password);
  // Read again: the link may have been revoked, or have expired, while the hash ran.
  const invite = openInvite(services, joining.key);
  const streams = (JSON.parse(invite.stream_ids) as number[]).flatMap((id): StreamRow[] => {
    const stream = streamById(services.sql, id);
    return stream ? [stream] : [];
  });
  const user = createUser(services, {
    email: joining.email,
    fullName: joining.fullName,
    passwordHash,
    role: invite.invited_as,
    invitation: {
      streams,
      defaultStreams: invite.include_realm_default_subscriptions === 1,
      groupIds: JSON.parse(invite.group_ids) as number[],
    },
    welcome:
      invite.welcome_message_custom_text === null
        ? {}
        : { customText: invite.welcome_message_custom_text },
  });
  invitationAccepted(services, user, invite);
  return user;
}

/**
 * What follows a newcomer's joining by an invitation. Zulip's
 * process_new_human_user: an email invitation is used up, every other one
 * for the same address stops working, and Notification Bot tells the
 * inviter "X accepted your invitation" when `notify_referrer_on_join` is
 * set. Only an email invitation names its inviter as the newcomer's
 * referrer there; a link's does not.
 */
export function invitationAccepted(services: Services, newcomer: UserRow, invite: InviteRow): void {
  const { sql } = services;
  const notices: Announcements = [];
  const changed = sql.transaction(() => {
    if (invite.email === null) return revokeEmailInvitesFor(sql, newcomer.email) > 0;
    markInviteUsed(sql, invite.id, newcomer.id);
    revokeEmailInvitesFor(sql, newcomer.email);
    const referrer = userById(sql, invite.invited_by);
    if (referrer && invite.notify_referrer_on_join === 1) {
      stageReferrerNotice(services, referrer, newcomer, notices);
    }
    return true;
  });
  announceAll(notices);
  if (changed) announceInvites(services, invite.invited_by);
}
