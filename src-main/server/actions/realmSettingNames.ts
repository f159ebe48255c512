/** The settings that name a channel, where -1 names none, as in Zulip. */
export const channelSettings = [
  'notifications_stream_id',
  'zulip_update_announcements_stream_id',
  'signup_announcements_stream_id',
  'moderation_request_channel_id',
] as const;
export type ChannelSetting = (typeof channelSettings)[number];
export const isChannelSetting = (column: string): column is ChannelSetting =>
  (channelSettings as readonly string[]).includes(column);

/**
 * The settings Zulip 7.0 and Zulip 12 name differently (feature levels 241
 * and 453), each stored in a column of one of its names. Either name sets
 * it; a change is announced under both while the host declares 7.0.
 */
const renamedSettings = {
  new_stream_announcements_stream_id: 'notifications_stream_id',
  signup_notifications_stream_id: 'signup_announcements_stream_id',
  giphy_rating: 'gif_rating_policy',
} as const;
type RenamedSetting = keyof typeof renamedSettings;
export const columnOf = (property: string): string =>
  property in renamedSettings ? renamedSettings[property as RenamedSetting] : property;
export const namesOf = (column: string): string[] => [
  column,
  ...Object.entries(renamedSettings)
    .filter(([, renamedColumn]) => renamedColumn === column)
    .map(([name]) => name),
];
