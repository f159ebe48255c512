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
 * The one setting stored under its Zulip 7.0 name: Zulip 12 calls it
 * new_stream_announcements_stream_id (feature level 241).
 */
const renamedColumns: Readonly<Record<string, string>> = {
  new_stream_announcements_stream_id: 'notifications_stream_id',
};
export const columnOf = (property: string): string => renamedColumns[property] ?? property;
/** The name Zulip 12 gives the setting a column holds. */
export const nameOf = (column: string): string =>
  Object.entries(renamedColumns).find(([, renamed]) => renamed === column)?.[0] ?? column;
