import type { GroupSettingValue } from '../../permissions/groupSettings';
import { SystemGroupId } from '../queries/systemGroups';
import { storedGroupSettings } from '../store/groupSettings';
import { REALM_ID } from '../store/realm';
import type { Sql } from '../store/sql';

/**
 * What a group setting may be set to, as Zulip's GroupPermissionSetting
 * says: whether "nobody" and "everyone" (guests included) are allowed,
 * whether only a system group is, and which system groups if only some.
 */
export interface SettingRules {
  allowNobody: boolean;
  allowEveryone: boolean;
  requireSystemGroup?: boolean;
  allowedSystemGroups?: readonly number[];
  /** Changed by organization owners alone (Zulip's OrganizationOwnerRequiredError). */
  ownersOnly?: boolean;
}

interface RealmSetting extends SettingRules {
  /** Held by this group where the organization has not set it. */
  defaultGroup: number;
}

const { owners, administrators, moderators, members, everyone } = SystemGroupId;

const open = (defaultGroup: number): RealmSetting => ({
  defaultGroup,
  allowNobody: true,
  allowEveryone: true,
});
const noGuests = (defaultGroup: number): RealmSetting => ({
  defaultGroup,
  allowNobody: true,
  allowEveryone: false,
});

/**
 * Zulip 12.0's organization permissions, each a group setting. Defaults are
 * Hearth's own where a Hearth host decided the action before (deleting one's
 * own messages and moving them to another channel: administrators, as the
 * interface spec has deleting), else Zulip's for a new organization.
 */
export const realmGroupSettings = {
  create_multiuse_invite_group: { ...noGuests(administrators), ownersOnly: true },
  can_access_all_users_group: {
    defaultGroup: everyone,
    allowNobody: false,
    allowEveryone: true,
    requireSystemGroup: true,
    allowedSystemGroups: [everyone, members],
  },
  can_add_custom_emoji_group: noGuests(members),
  can_add_subscribers_group: noGuests(members),
  can_create_bots_group: noGuests(members),
  can_create_groups: { ...noGuests(members), ownersOnly: true },
  can_create_private_channel_group: noGuests(members),
  can_create_public_channel_group: noGuests(members),
  can_create_web_public_channel_group: {
    ...noGuests(owners),
    requireSystemGroup: true,
    allowedSystemGroups: [moderators, administrators, owners],
  },
  can_create_write_only_bots_group: noGuests(members),
  can_delete_any_message_group: noGuests(administrators),
  can_delete_own_message_group: open(administrators),
  can_invite_users_group: { ...noGuests(members), ownersOnly: true },
  // Hearth hosts let any member manage every group, as their
  // user_group_edit_policy of members did.
  can_manage_all_groups: {
    defaultGroup: members,
    allowNobody: false,
    allowEveryone: false,
    ownersOnly: true,
  },
  can_manage_billing_group: {
    defaultGroup: administrators,
    allowNobody: false,
    allowEveryone: false,
  },
  can_mention_many_users_group: open(everyone),
  can_move_messages_between_channels_group: noGuests(administrators),
  can_move_messages_between_topics_group: open(everyone),
  can_resolve_topics_group: open(everyone),
  can_set_delete_message_policy_group: noGuests(moderators),
  can_set_topics_policy_group: open(members),
  can_summarize_topics_group: open(everyone),
  direct_message_initiator_group: open(everyone),
  direct_message_permission_group: open(everyone),
} satisfies Record<string, RealmSetting>;

export type RealmGroupSettingName = keyof typeof realmGroupSettings;

export const realmGroupSettingNames = Object.keys(realmGroupSettings) as RealmGroupSettingName[];

/** The organization's value of one setting: what was set, or the default. */
export function realmGroupSetting(sql: Sql, name: RealmGroupSettingName): GroupSettingValue {
  return (
    storedGroupSettings(sql, 'realm', REALM_ID).get(name) ?? realmGroupSettings[name].defaultGroup
  );
}
