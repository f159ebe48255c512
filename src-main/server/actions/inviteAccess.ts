import { errors } from '../errors';
import { accessStreamById } from '../queries/streamAccess';
import type { Sql } from '../store/sql';
import { isDefaultStream, type StreamRow } from '../store/streams';
import { Role, type UserRow } from '../store/users';
import { mayAddSubscribers } from './channelPermission';
import { mayInRealm } from './groupPermission';
import { accessGroupFor } from './userGroupAccess';
import { checkWelcomeMessageCustomText } from './welcomeBot';

/** Zulip's require_member_or_admin, which every invitation endpoint has. */
export function refuseGuests(user: UserRow): void {
  if (user.role === Role.guest) throw errors.badRequest('Not allowed for guest users');
}

/**
 * Zulip's check_role_based_permissions: owners alone invite owners, and
 * administrators alone invite administrators and moderators, or manage
 * someone else's invitation.
 */
export function checkInviteRole(user: UserRow, invitedAs: number, requireAdmin: boolean): void {
  if (invitedAs === Role.owner && user.role !== Role.owner) {
    throw errors.unauthorizedPrincipal('Must be an organization owner');
  }
  if (requireAdmin && user.role > Role.admin) {
    throw errors.badRequest('Must be an organization administrator');
  }
}

/** The roles only administrators may hand out by an invitation. */
const invitingNeedsAdmin = (invitedAs: number): boolean =>
  invitedAs === Role.owner || invitedAs === Role.admin || invitedAs === Role.moderator;

/**
 * What invite_users_backend and generate_multiuse_invite_backend check
 * first: no guest, the organization's group setting for this kind of
 * invitation, and the role handed out.
 */
export function checkMayInvite(
  sql: Sql,
  user: UserRow,
  setting: 'can_invite_users_group' | 'create_multiuse_invite_group',
  invitedAs: number,
): void {
  refuseGuests(user);
  if (!mayInRealm(sql, user, setting)) throw errors.badRequest('Insufficient permission');
  checkInviteRole(user, invitedAs, invitingNeedsAdmin(invitedAs));
}

/**
 * Zulip's access_streams_for_invite: channels the inviter can reach, and
 * may add others to (default channels aside, which newcomers may join anyway).
 */
export function accessStreamsForInvite(
  sql: Sql,
  user: UserRow,
  streamIds: readonly number[],
): StreamRow[] {
  const streams = streamIds.map((streamId) => {
    try {
      return accessStreamById(sql, user, streamId);
    } catch {
      throw errors.badRequest(`Invalid channel ID ${streamId}. No invites were sent.`);
    }
  });
  const adding = streams.filter((stream) => !isDefaultStream(sql, stream.id));
  if (adding.some((stream) => !mayAddSubscribers(sql, user, stream))) {
    throw errors.badRequest('You do not have permission to subscribe other users to channels.');
  }
  return streams;
}

/** Zulip's access_user_groups_for_invite: groups the inviter may add members to. */
export function accessGroupsForInvite(
  sql: Sql,
  user: UserRow,
  groupIds: readonly number[],
): number[] {
  const unique = [...new Set(groupIds)];
  for (const groupId of unique) accessGroupFor(sql, user, groupId, ['can_add_members_group']);
  return unique;
}

/** Zulip 11 (feature level 416): only administrators write the Welcome Bot's words. */
export function checkWelcomeText(user: UserRow, text: string | null): void {
  if (text === null) return;
  checkWelcomeMessageCustomText(text);
  if (user.role > Role.admin) throw errors.badRequest('Must be an organization administrator');
}
