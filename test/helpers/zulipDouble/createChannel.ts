import { badRequest } from './errors';
import { checkGroupSettingValue, systemGroupId } from './groups';
import type { GroupSettingValue, Org, Stream } from './org';
import { renderContent } from './render';

const maxNameLength = 60;

/** Zulip's check_stream_name: refuses an empty name, a long one and control characters. */
export function checkChannelName(name: string): void {
  if (name.trim() === '') throw badRequest("Channel name can't be empty.");
  if ([...name].length > maxNameLength) {
    throw badRequest(`Channel name too long (limit: ${maxNameLength} characters).`);
  }
  // Zulip refuses the characters of Unicode's Cc, Cs and Cn categories.
  const position = [...name].findIndex((char) => /[\p{Cc}\p{Cs}\p{Cn}]/u.test(char));
  if (position >= 0) {
    throw badRequest(`Invalid character in channel name, at position ${position + 1}.`);
  }
}

// The colors Zulip gives new subscriptions, in its order.
const palette = [
  '#76ce90',
  '#fae589',
  '#a6c7e5',
  '#e79ab5',
  '#bfd56f',
  '#f4ae55',
  '#b0a5fd',
  '#addfe5',
  '#f5ce6e',
  '#c2726a',
  '#94c849',
  '#bd86e5',
  '#ee7e4a',
  '#a6dcbf',
  '#95a5fd',
  '#53a063',
  '#9987e1',
  '#e4523d',
  '#c2c2c2',
  '#4f8de4',
  '#c6a8ad',
  '#e7cc4d',
  '#c8bebf',
  '#a47462',
];

/** The first palette color among none of the user's subscriptions, as Zulip picks one. */
export function pickColor(used: ReadonlySet<string>): string {
  return (
    palette.find((color) => !used.has(color)) ?? palette[used.size % palette.length] ?? '#c2c2c2'
  );
}

export const channelGroupSettingNames = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_create_topic_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_remove_subscribers_group',
  'can_resolve_topics_group',
  'can_send_message_group',
  'can_subscribe_group',
] as const;
export type ChannelGroupSettingName = (typeof channelGroupSettingNames)[number];

/** Each channel permission's default for a new channel, as Zulip's server_supported_permission_settings names it. */
function defaultSettings(
  org: Org,
  creatorId: number,
): Record<ChannelGroupSettingName, GroupSettingValue> {
  const nobody = systemGroupId(org, 'role:nobody');
  const everyone = systemGroupId(org, 'role:everyone');
  return {
    can_add_subscribers_group: nobody,
    // "channel_creator": an anonymous group of the creator alone.
    can_administer_channel_group: { direct_members: [creatorId], direct_subgroups: [] },
    can_create_topic_group: everyone,
    can_delete_any_message_group: nobody,
    can_delete_own_message_group: nobody,
    can_move_messages_out_of_channel_group: nobody,
    can_move_messages_within_channel_group: nobody,
    can_remove_subscribers_group: systemGroupId(org, 'role:administrators'),
    can_resolve_topics_group: nobody,
    can_send_message_group: everyone,
    can_subscribe_group: nobody,
  };
}

export interface NewChannel {
  name: string;
  description: string;
  inviteOnly: boolean;
  /** Absent: private channels' history is for subscribers only by default, public channels' for all. */
  historyPublicToSubscribers: boolean | undefined;
  topicsPolicy: Stream['topics_policy'] | undefined;
  folderId: number | undefined;
  settings: Partial<Record<ChannelGroupSettingName, GroupSettingValue>>;
}

/** Checks a new channel's options as Zulip does before creating anything. */
export function checkNewChannel(org: Org, channel: NewChannel): void {
  checkChannelName(channel.name);
  if (
    channel.folderId !== undefined &&
    !org.channelFolders.some((f) => f.id === channel.folderId)
  ) {
    throw badRequest('Invalid channel folder ID');
  }
  for (const value of Object.values(channel.settings)) checkGroupSettingValue(org, value);
}

/** Creates the channel, with no subscribers yet; the caller subscribes and announces. */
export function createChannel(
  org: Org,
  creatorId: number,
  channel: NewChannel,
  now: number,
): Stream {
  const stream: Stream = {
    stream_id: org.nextStreamId,
    name: channel.name,
    description: channel.description,
    rendered_description: channel.description === '' ? '' : renderContent(channel.description),
    date_created: now,
    creator_id: creatorId,
    invite_only: channel.inviteOnly,
    is_web_public: false,
    history_public_to_subscribers: channel.inviteOnly
      ? (channel.historyPublicToSubscribers ?? false)
      : true,
    message_retention_days: null,
    is_announcement_only: false,
    stream_post_policy: 1,
    is_archived: false,
    folder_id: channel.folderId ?? null,
    topics_policy: channel.topicsPolicy ?? 'inherit',
    first_message_id: null,
    is_recently_active: true,
    stream_weekly_traffic: null,
    ...defaultSettings(org, creatorId),
    ...channel.settings,
    subscribers: [],
    color: palette[0] ?? '#76ce90',
  };
  org.nextStreamId += 1;
  org.streams.set(stream.stream_id, stream);
  return stream;
}
