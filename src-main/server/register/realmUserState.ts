import type { Services } from '../services';
import { profileDataByUser, profileDataField } from '../shape/profileFields';
import { avatarMediumUrl } from '../shape/avatars';
import { toWireUser } from '../shape/users';
import { allProfileFieldValues } from '../store/customProfileFields';
import { allUsers, Role, type UserRow } from '../store/users';
import { mayInRealm } from '../actions/groupPermission';
import { accessibleHumanIds, seesEveryone } from '../actions/userAccess';
import { unknownUser } from '../shape/unknownUser';
import { toCrossRealmBot } from '../shape/crossRealmBots';
import { systemBots } from '../store/systemBots';
import type { StateOptions } from './stateOptions';

/**
 * Zulip 7.0's `realm_user` state: every user (a human with their custom
 * profile values), the cross-realm bots (Notification Bot and Welcome Bot), and who
 * the user is and may do.
 */
export function realmUserState(
  { sql, realmUri }: Services,
  user: UserRow,
  options: StateOptions,
): Record<string, unknown> {
  const users = allUsers(sql);
  const profileData = profileDataByUser(allProfileFieldValues(sql));
  const wire = (row: UserRow) => ({
    ...toWireUser(row, { clientGravatar: options.clientGravatar }),
    ...profileDataField(row, profileData),
  });
  // Zulip's get_user_dicts_in_realm: a guest kept from seeing everyone sees
  // bots and the people they share a conversation with; the rest come as
  // "Unknown user", or not at all to a client that said its list may be incomplete.
  const accessible = seesEveryone(sql, user)
    ? null
    : accessibleHumanIds(sql, user.id, { includeDeactivated: true });
  const realmUsers: Record<string, unknown>[] = [];
  const nonActiveUsers: Record<string, unknown>[] = [];
  for (const row of users) {
    if (accessible === null || row.is_bot === 1 || accessible.has(row.id)) {
      (row.is_active === 1 ? realmUsers : nonActiveUsers).push(wire(row));
    } else if (!options.userListIncomplete) {
      realmUsers.push(unknownUser(row.id, realmUri()));
    }
  }
  const isAdmin = user.role <= Role.admin;
  const mayCreatePublic = mayInRealm(sql, user, 'can_create_public_channel_group');
  const mayCreatePrivate = mayInRealm(sql, user, 'can_create_private_channel_group');
  return {
    realm_users: realmUsers,
    realm_non_active_users: nonActiveUsers,
    cross_realm_bots: systemBots(sql).map(toCrossRealmBot),
    user_id: user.id,
    email: user.email,
    delivery_email: user.email,
    full_name: user.full_name,
    is_admin: isAdmin,
    is_owner: user.role === Role.owner,
    // Zulip 11 (feature level 380): true for administrators and owners too.
    is_moderator: user.role <= Role.moderator,
    is_guest: user.role === Role.guest,
    // The host serves every picture; a Jdenticon one is still named as Zulip 12 names it.
    avatar_source: user.avatar_source === 'J' ? 'J' : 'U',
    avatar_url: wire(user).avatar_url,
    avatar_url_medium: avatarMediumUrl(user),
    can_create_streams: mayCreatePublic || mayCreatePrivate,
    can_create_public_streams: mayCreatePublic,
    can_create_private_streams: mayCreatePrivate,
    can_create_web_public_streams: false,
    can_subscribe_other_users: mayInRealm(sql, user, 'can_add_subscribers_group'),
    can_invite_others_to_realm: mayInRealm(sql, user, 'can_invite_users_group'),
  };
}
