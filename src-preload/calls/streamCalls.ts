import { z } from 'zod';
import { streamName, topicName } from './names';
import { channelFolderSchema } from './sidebarCalls';

// The bridge's part for streams: the stream browser, a subscription's own
// settings and the topics the user muted. Each change goes to the server;
// the window follows the server's events, through the snapshot.

const streamId = z.number().int().positive();

// A stream the user may see: the public ones and the private ones they are in.
export const browsedStreamSchema = z.object({
  streamId: z.number().int(),
  name: z.string(),
  /** The server's HTML, sanitized by the window. */
  renderedDescription: z.string(),
  inviteOnly: z.boolean(),
  subscribed: z.boolean(),
  /** The subscription's colour; null for a stream the user is not in. */
  color: z.string().nullable(),
  /** Archived (Zulip 10): it takes no messages, its history stays readable. */
  archived: z.boolean(),
});
export type BrowsedStream = z.infer<typeof browsedStreamSchema>;

// Zulip's per-stream notification properties, each null while the stream
// follows the user's global stream setting.
export const streamNotificationPropertySchema = z.enum([
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
]);
export type StreamNotificationProperty = z.infer<typeof streamNotificationPropertySchema>;

export const streamNotificationSchema = z.object({
  property: streamNotificationPropertySchema,
  /** The stream's own choice; null follows `fallback`. */
  value: z.boolean().nullable(),
  /** The global setting it follows. */
  fallback: z.boolean(),
});
export type StreamNotification = z.infer<typeof streamNotificationSchema>;

export const mutedTopicSchema = z.object({
  streamId: z.number().int(),
  /** Null when the stream is no longer known to the user. */
  stream: z.string().nullable(),
  topic: z.string(),
});
export type MutedTopic = z.infer<typeof mutedTopicSchema>;

export const streamSettingsSchema = z.object({
  streamId: z.number().int(),
  name: z.string(),
  renderedDescription: z.string(),
  inviteOnly: z.boolean(),
  color: z.string(),
  pinned: z.boolean(),
  muted: z.boolean(),
  notifications: z.array(streamNotificationSchema),
  mutedTopics: z.array(mutedTopicSchema),
});
export type StreamSettings = z.infer<typeof streamSettingsSchema>;

// Zulip's POST /users/me/subscriptions/properties takes colours as hex codes.
export const subscriptionChangeSchema = z.discriminatedUnion('property', [
  z.object({ property: z.literal('color'), value: z.string().regex(/^#[0-9a-fA-F]{6}$/) }),
  z.object({ property: z.literal('pin_to_top'), value: z.boolean() }),
  z.object({ property: z.literal('is_muted'), value: z.boolean() }),
  z.object({ property: streamNotificationPropertySchema, value: z.boolean() }),
]);
export type SubscriptionChange = z.infer<typeof subscriptionChangeSchema>;

// Zulip's Stream.STREAM_POST_POLICY_*: everyone, administrators, full members,
// administrators and moderators.
export const streamPostPolicySchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
]);
export type StreamPostPolicy = z.infer<typeof streamPostPolicySchema>;

const streamAdminFields = {
  name: streamName,
  // Zulip's Stream.MAX_DESCRIPTION_LENGTH.
  description: z.string().trim().max(1024),
  isPrivate: z.boolean(),
  /** Zulip's history_public_to_subscribers: new subscribers see older messages. */
  historyPublic: z.boolean(),
  postPolicy: streamPostPolicySchema,
  /** The channel folder it is filed in (Zulip 11, feature level 389); null for none. */
  folderId: z.number().int().positive().nullable(),
  /** A folder to make and file it in, in place of folderId; Zulip's limit on a folder's name. */
  newFolderName: z.string().trim().min(1).max(60),
};

/** A stream's own settings, as an administrator changes them (Zulip's PATCH /streams/{id}). */
export const streamAdminSettingsSchema = z.object({
  streamId: z.number().int(),
  name: z.string(),
  /** As its author wrote it, in Markdown. */
  description: z.string(),
  isPrivate: z.boolean(),
  historyPublic: z.boolean(),
  /**
   * Who may post, as the policy that says it; from Zulip 10 (feature level
   * 333) the policy the channel's can_send_message_group group stands for,
   * or null where it names a group no policy does.
   */
  postPolicy: streamPostPolicySchema.nullable(),
  /** That group, in words, where postPolicy is null. */
  postCustom: z.string().optional(),
  /** The folder it is filed in; null for none, or for a folder no longer in use. */
  folderId: z.number().int().nullable(),
  /** The organization's channel folders in use, to file it in; absent where it has none. */
  folders: z.array(channelFolderSchema).optional(),
  /** The reader may make a folder to file it in (Zulip 11: administrators). */
  mayCreateFolder: z.boolean().optional(),
  /** The reader may not change whether it is private (Zulip asks the channel creation setting of the other kind). */
  privacyLocked: z.boolean().optional(),
  /** From Zulip 10 (feature level 315) archiving keeps its members, who can still read it; absent before. */
  archiveKeepsMembers: z.boolean().optional(),
});
export type StreamAdminSettings = z.infer<typeof streamAdminSettingsSchema>;

export const streamAdminChangeSchema = z
  .object(streamAdminFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'change at least one setting');
export type StreamAdminChange = z.infer<typeof streamAdminChangeSchema>;

export const streamBridgeCalls = {
  /** Every stream the user may see, by name: the active ones, and apart the archived ones. */
  listStreams: {
    args: z.object({}),
    result: z.object({
      streams: z.array(browsedStreamSchema),
      /** Null where the server keeps no archived channels (before Zulip 10, feature level 315). */
      archived: z.array(browsedStreamSchema).nullable(),
    }),
  },
  subscribeToStream: { args: z.object({ streamId }), result: z.object({}) },
  unsubscribeFromStream: { args: z.object({ streamId }), result: z.object({}) },
  /** Zulip's stream creation: POST /users/me/subscriptions with a name no stream has. */
  createStream: {
    args: z.object({
      name: streamName,
      // Zulip's Stream.MAX_DESCRIPTION_LENGTH.
      description: z.string().trim().max(1024),
      inviteOnly: z.boolean(),
      /** Tell the organization in its notifications stream. */
      announce: z.boolean(),
    }),
    result: z.object({}),
  },
  /** A subscribed stream's own settings and its muted topics. */
  getStreamSettings: { args: z.object({ streamId }), result: streamSettingsSchema },
  changeSubscription: {
    args: z.object({ streamId, change: subscriptionChangeSchema }),
    result: z.object({}),
  },
  /** The topics the user muted, by stream then topic. */
  listMutedTopics: {
    args: z.object({}),
    result: z.object({ topics: z.array(mutedTopicSchema) }),
  },
  setTopicMuted: {
    args: z.object({ streamId, topic: topicName, muted: z.boolean() }),
    result: z.object({}),
  },
  /** Zulip's "Follow topic" and "Unfollow topic" (feature level 219); refused where the server has no followed topics. */
  setTopicFollowed: {
    args: z.object({ streamId, topic: topicName, followed: z.boolean() }),
    result: z.object({}),
  },
  /** A subscribed stream's own settings, for an administrator's form. */
  getStreamAdminSettings: { args: z.object({ streamId }), result: streamAdminSettingsSchema },
  /** Zulip's DELETE /streams/{id}: the sidebar drops it with the server's stream delete event. */
  archiveStream: { args: z.object({ streamId }), result: z.object({}) },
  /** Sends only what changed; the sidebar follows the server's stream update events. */
  changeStreamAdminSettings: {
    args: z.object({ streamId, patch: streamAdminChangeSchema }),
    result: z.object({}),
  },
} as const;
