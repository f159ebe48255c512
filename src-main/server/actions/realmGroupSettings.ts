import { namesGroup, type GroupSettingValue } from '../../permissions/groupSettings';
import { SystemGroupId } from '../queries/systemGroups';
import {
  getRealm,
  realmGroupSettingColumns,
  type RealmGroupSettingColumn,
  type RealmRow,
} from '../store/realm';
import type { Sql } from '../store/sql';
import { noGuests, open, someone, type SettingRules } from './groupSettingChange';

const { owners, administrators, moderators, members, everyone } = SystemGroupId;

/** Zulip 12.0's organization permissions, each a group setting, and what each may be set to. */
export const realmGroupSettings: Record<RealmGroupSettingColumn, SettingRules> = {
  create_multiuse_invite_group: { ...noGuests, ownersOnly: true },
  can_access_all_users_group: {
    allowNobody: false,
    allowEveryone: true,
    requireSystemGroup: true,
    allowedSystemGroups: [everyone, members],
  },
  can_add_custom_emoji_group: noGuests,
  can_add_subscribers_group: noGuests,
  can_create_bots_group: noGuests,
  can_create_groups: { ...noGuests, ownersOnly: true },
  can_create_private_channel_group: noGuests,
  can_create_public_channel_group: noGuests,
  can_create_web_public_channel_group: {
    ...noGuests,
    requireSystemGroup: true,
    allowedSystemGroups: [moderators, administrators, owners],
  },
  can_create_write_only_bots_group: noGuests,
  can_delete_any_message_group: noGuests,
  can_delete_own_message_group: open,
  can_invite_users_group: { ...noGuests, ownersOnly: true },
  can_manage_all_groups: { ...someone, ownersOnly: true },
  can_manage_billing_group: someone,
  can_mention_many_users_group: open,
  can_move_messages_between_channels_group: noGuests,
  can_move_messages_between_topics_group: open,
  can_resolve_topics_group: open,
  can_set_delete_message_policy_group: noGuests,
  can_set_topics_policy_group: open,
  can_summarize_topics_group: open,
  direct_message_initiator_group: open,
  direct_message_permission_group: open,
};

/** The organization's settings that name `groupId`, itself or inside an anonymous group. */
export function realmSettingsNaming(realm: RealmRow, groupId: number): RealmGroupSettingColumn[] {
  return realmGroupSettingColumns.filter((name) =>
    namesGroup(groupSettingOf(realm, name), groupId),
  );
}

/** One setting's value in the organization's row, which holds the JSON the host wrote. */
export const groupSettingOf = (realm: RealmRow, name: RealmGroupSettingColumn): GroupSettingValue =>
  JSON.parse(realm[name]) as GroupSettingValue;

/** The organization's value of one setting. */
export function realmGroupSetting(sql: Sql, name: RealmGroupSettingColumn): GroupSettingValue {
  const realm = getRealm(sql);
  if (!realm) throw new Error('the organization has not been created');
  return groupSettingOf(realm, name);
}
