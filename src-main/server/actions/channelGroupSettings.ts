import { ApiError } from '../errors';
import { namesGroup, nobody, type GroupSettingValue } from '../../permissions/groupSettings';
import { SystemGroupId } from '../queries/systemGroups';
import type { Sql } from '../store/sql';
import {
  allStreams,
  channelGroupSettingColumns,
  type ChannelGroupSettingColumn,
  type StreamRow,
} from '../store/streams';
import type { UserRow } from '../store/users';
import { holdsGroupSetting } from './groupPermission';
import { noGuests, open, type SettingRules } from './groupSettingChange';

/** Zulip 12.0's permissions of a channel, and what each may be set to. */
export const channelGroupSettings: Record<ChannelGroupSettingColumn, SettingRules> = {
  can_add_subscribers_group: noGuests,
  can_administer_channel_group: noGuests,
  can_create_topic_group: open,
  can_delete_any_message_group: open,
  can_delete_own_message_group: open,
  can_move_messages_out_of_channel_group: open,
  can_move_messages_within_channel_group: open,
  can_remove_subscribers_group: open,
  can_resolve_topics_group: open,
  can_send_message_group: open,
  can_subscribe_group: noGuests,
};

/**
 * Zulip's defaults for a channel someone makes: its maker administers it,
 * everyone may post and start topics, administrators remove subscribers,
 * and the rest is left to the organization's settings.
 */
export function newChannelSettings(
  creatorId: number,
): Record<ChannelGroupSettingColumn, GroupSettingValue> {
  const settings = Object.fromEntries(
    channelGroupSettingColumns.map((name) => [name, nobody]),
  ) as Record<ChannelGroupSettingColumn, GroupSettingValue>;
  return {
    ...settings,
    can_administer_channel_group: { direct_members: [creatorId], direct_subgroups: [] },
    can_create_topic_group: SystemGroupId.everyone,
    can_remove_subscribers_group: SystemGroupId.administrators,
    can_send_message_group: SystemGroupId.everyone,
  };
}

/**
 * Zulip's check for a channel whose history newcomers cannot read: everyone
 * must be able to start topics there, since a newcomer cannot see which
 * topics exist.
 */
export function checkTopicsOpenWhereHistoryIsProtected(
  historyPublic: boolean,
  createTopic: GroupSettingValue,
): void {
  if (historyPublic || createTopic === SystemGroupId.everyone) return;
  const parameters = 'history_public_to_subscribers, can_create_topic_group';
  throw new ApiError(`Unsupported parameter combination: ${parameters}`, 'BAD_REQUEST', 400, {
    parameters,
  });
}

/** One of a channel's settings, from the JSON its row holds. */
export const channelSettingOf = (stream: StreamRow, name: ChannelGroupSettingColumn) =>
  JSON.parse(stream[name]) as GroupSettingValue;

/** The active channels whose settings name `groupId`, each with those settings. */
export function channelSettingsNaming(
  sql: Sql,
  groupId: number,
): { channel_id: number; settings: ChannelGroupSettingColumn[] }[] {
  return allStreams(sql)
    .map((stream) => ({
      channel_id: stream.id,
      settings: channelGroupSettingColumns.filter((name) =>
        namesGroup(channelSettingOf(stream, name), groupId),
      ),
    }))
    .filter((objection) => objection.settings.length > 0);
}

/** Whether the channel's setting `name` names `user`. */
export function mayInChannel(
  sql: Sql,
  user: UserRow,
  stream: StreamRow,
  name: ChannelGroupSettingColumn,
): boolean {
  return holdsGroupSetting(sql, user, channelSettingOf(stream, name), channelGroupSettings[name]);
}
