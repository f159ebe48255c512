import { randomInt } from 'node:crypto';
import { fingerprintInLink } from '../../wire/fingerprint';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { accessStreamById } from '../queries/streamAccess';
import type { Services } from '../services';
import {
  insertInvite,
  inviteById,
  inviteByKey,
  openInvites,
  revokeInvite,
  type InviteRow,
} from '../store/invites';
import { isDefaultStream, streamById, type StreamRow } from '../store/streams';
import { adminIds, Role, type UserRow } from '../store/users';
import { mayAddSubscribers } from './channelPermission';
import { checkNewUser, createUser } from './createUser';
import { mayInRealm, requireAdministrator } from './groupPermission';
import { accessGroupFor } from './userGroupAccess';
import { MIN_PASSWORD_LENGTH } from './credentials';
import { roleTypes } from './userAdmin';

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

// Zulip's notify_invites_changed: administrators' invitation lists refresh.
function announce(services: Services): void {
  services.queues.notify(plainNotice('invites_changed', {}), adminIds(services.sql));
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
}

/**
 * Zulip's generate_multiuse_invite_backend: those the organization's
 * create_multiuse_invite_group names make a link anyone may join by, with a role (owners alone invite owners), the streams
 * it joins, and an expiry. Returns the link.
 */
export function createMultiuseInvite(
  services: Services,
  user: UserRow,
  invitation: NewInvitation,
): string {
  const { sql } = services;
  // The refusal is Zulip 7.0's, whose clients hear it.
  if (!mayInRealm(sql, user, 'create_multiuse_invite_group')) {
    throw errors.unauthorizedPrincipal('Must be an organization administrator');
  }
  if (invitation.invitedAs === Role.owner && user.role !== Role.owner) {
    throw errors.unauthorizedPrincipal('Must be an organization owner');
  }
  if (!roleTypes.includes(invitation.invitedAs)) {
    throw errors.invalidArgument('invite_as', 'not a role');
  }
  const streams = invitation.streamIds.map((streamId) => {
    try {
      return accessStreamById(sql, user, streamId);
    } catch {
      throw errors.badRequest(`Invalid channel ID ${streamId}. No invites were sent.`);
    }
  });
  // Zulip's access_streams_for_invite: the new person is added to the
  // channels as someone else would be, default channels aside.
  const adding = streams.filter((stream) => !isDefaultStream(sql, stream.id));
  if (adding.some((stream) => !mayAddSubscribers(sql, user, stream))) {
    throw errors.badRequest('You do not have permission to subscribe other users to channels.');
  }
  const created = now();
  const key = newKey();
  sql.transaction(() => {
    // Zulip's access_user_groups_for_invite: groups the inviter may add members to.
    const groupIds = [...new Set(invitation.groupIds)];
    for (const groupId of groupIds) accessGroupFor(sql, user, groupId, ['can_add_members_group']);
    insertInvite(sql, {
      key,
      invitedBy: user.id,
      invitedAs: invitation.invitedAs,
      streamIds: streams.map((stream) => stream.id),
      createdAt: created,
      expiresAt:
        invitation.expiresInMinutes === null ? null : created + invitation.expiresInMinutes * 60,
      includeRealmDefaultSubscriptions: invitation.includeRealmDefaultSubscriptions ?? false,
      groupIds,
    });
  });
  announce(services);
  return inviteLinkOf(services, { key });
}

/** Zulip 7.0's GET /invites: administrators see every open link, others their own. */
export function invitesFor(services: Services, user: UserRow): Record<string, unknown>[] {
  if (user.role === Role.guest) throw errors.badRequest('Not allowed for guest users');
  return openInvites(services.sql, now())
    .filter((invite) => user.role <= Role.admin || invite.invited_by === user.id)
    .map((invite) => ({
      id: invite.id,
      invited_by_user_id: invite.invited_by,
      invited: invite.created_at,
      expiry_date: invite.expires_at,
      invited_as: invite.invited_as,
      is_multiuse: true,
      link_url: inviteLinkOf(services, invite),
    }));
}

/** Zulip 7.0's revoke_multiuse_invite: the link stops working at once. */
export function revokeMultiuseInvite(services: Services, user: UserRow, inviteId: number): void {
  const { sql } = services;
  const invite = inviteById(sql, inviteId);
  if (!invite) throw errors.badRequest('No such invitation');
  if (invite.invited_by !== user.id) requireAdministrator(user);
  if (invite.revoked === 1) throw errors.badRequest('Invitation has already been revoked');
  sql.transaction(() => revokeInvite(sql, invite.id));
  announce(services);
}

/** The invitation a key names, while it works; for a key that does not, why. */
export function openInvite(services: Services, key: string): InviteRow {
  const invite = inviteByKey(services.sql, key);
  if (
    !invite ||
    invite.revoked === 1 ||
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

/**
 * Joins the organization by an invitation link, as Zulip's registration
 * page does for one: a new account with the invitation's role, in its
 * streams and user groups, announced as any new user is.
 */
export async function joinByInvite(services: Services, joining: Joining): Promise<UserRow> {
  openInvite(services, joining.key);
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
  return createUser(services, {
    email: joining.email,
    fullName: joining.fullName,
    passwordHash,
    role: invite.invited_as,
    invitation: {
      streams,
      defaultStreams: invite.include_realm_default_subscriptions === 1,
      groupIds: JSON.parse(invite.group_ids) as number[],
    },
  });
}
