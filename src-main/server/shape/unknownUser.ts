import { botDomain } from '../actions/botEmail';

/** Zulip's UserProfile.INACCESSIBLE_USER_NAME. */
export const unknownUserName = 'Unknown user';

/** The picture Zulip gives everyone a reader may not see (get_avatar_for_inaccessible_user). */
export const unknownUserAvatarUrl = '/static/images/unknown-user-avatar.png';

/**
 * Zulip's get_data_for_inaccessible_user: what a client without the
 * user_list_incomplete capability (feature level 232) is told of someone it
 * may not see, under the organization's fake email domain, joined at the epoch.
 */
export function unknownUser(userId: number, realmUri: string): Record<string, unknown> {
  return {
    email: `user${userId}@${botDomain(realmUri)}`,
    user_id: userId,
    avatar_version: 1,
    is_admin: false,
    is_owner: false,
    is_guest: false,
    role: 400,
    is_bot: false,
    full_name: unknownUserName,
    timezone: '',
    is_active: true,
    date_joined: '1970-01-01T00:00:00+00:00',
    delivery_email: null,
    avatar_url: unknownUserAvatarUrl,
    profile_data: {},
    is_imported_stub: false,
  };
}
