import type { Services } from '../services';
import { profileDataByUser, profileDataField } from '../shape/profileFields';
import { toWireUser } from '../shape/users';
import { allProfileFieldValues } from '../store/customProfileFields';
import { allUsers, Role, type UserRow } from '../store/users';
import { mayInRealm } from '../actions/groupPermission';
import type { StateOptions } from './stateOptions';

/**
 * Zulip 7.0's `realm_user` state: every user (a human with their custom
 * profile values), the cross-realm bots (Hearth has no system bots), and who
 * the user is and may do.
 */
export function realmUserState(
  { sql }: Services,
  user: UserRow,
  options: StateOptions,
): Record<string, unknown> {
  const users = allUsers(sql);
  const profileData = profileDataByUser(allProfileFieldValues(sql));
  const wire = (row: UserRow) => ({
    ...toWireUser(row, { clientGravatar: options.clientGravatar }),
    ...profileDataField(row, profileData),
  });
  const isAdmin = user.role <= Role.admin;
  const mayCreatePublic = mayInRealm(sql, user, 'can_create_public_channel_group');
  const mayCreatePrivate = mayInRealm(sql, user, 'can_create_private_channel_group');
  return {
    realm_users: users.filter((row) => row.is_active === 1).map(wire),
    realm_non_active_users: users.filter((row) => row.is_active !== 1).map(wire),
    cross_realm_bots: [],
    user_id: user.id,
    email: user.email,
    delivery_email: user.email,
    full_name: user.full_name,
    is_admin: isAdmin,
    is_owner: user.role === Role.owner,
    is_moderator: user.role === Role.moderator,
    is_guest: user.role === Role.guest,
    is_billing_admin: false,
    avatar_source: 'U',
    avatar_url: wire(user).avatar_url,
    avatar_url_medium: wire(user).avatar_url,
    can_create_streams: mayCreatePublic || mayCreatePrivate,
    can_create_public_streams: mayCreatePublic,
    can_create_private_streams: mayCreatePrivate,
    can_create_web_public_streams: false,
    can_subscribe_other_users: mayInRealm(sql, user, 'can_add_subscribers_group'),
    can_invite_others_to_realm: mayInRealm(sql, user, 'can_invite_users_group'),
  };
}
