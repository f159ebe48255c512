import { z } from 'zod';
import { topicLinkSchema } from './linkifiers';
import { messageSchema } from './messages';
import { subscriptionSchema } from './streams';
import { userSchema } from './users';

const base = { id: z.number().int() };

export const messageEventSchema = z.object({
  ...base,
  type: z.literal('message'),
  message: messageSchema,
  flags: z.array(z.string()),
});
export type MessageEvent = z.infer<typeof messageEventSchema>;

export const heartbeatEventSchema = z.object({ ...base, type: z.literal('heartbeat') });

export const subscriptionAddEventSchema = z.object({
  ...base,
  type: z.literal('subscription'),
  op: z.literal('add'),
  subscriptions: z.array(subscriptionSchema),
});

export const subscriptionRemoveEventSchema = z.object({
  ...base,
  type: z.literal('subscription'),
  op: z.literal('remove'),
  subscriptions: z.array(z.object({ name: z.string(), stream_id: z.number().int() })),
});

// Zulip's unread-state summary of a message marked unread (feature level 121).
export const unreadMessageDetailsSchema = z.union([
  z.object({
    type: z.literal('stream'),
    stream_id: z.number().int(),
    topic: z.string(),
    // Deprecated by Zulip, and absent from its documented example.
    unmuted_stream_msg: z.boolean().optional(),
    mentioned: z.literal(true).optional(),
  }),
  z.object({
    type: z.literal('private'),
    user_ids: z.array(z.number().int()),
    mentioned: z.literal(true).optional(),
  }),
]);
export type UnreadMessageDetails = z.infer<typeof unreadMessageDetailsSchema>;

export const updateMessageFlagsEventSchema = z.object({
  ...base,
  type: z.literal('update_message_flags'),
  op: z.enum(['add', 'remove']),
  /** Zulip's older name for `op`, still sent. */
  operation: z.enum(['add', 'remove']).optional(),
  flag: z.string(),
  messages: z.array(z.number().int()),
  /** True for mark_all_as_read, which lists no messages. */
  all: z.boolean().optional(),
  message_details: z.record(z.string(), unreadMessageDetailsSchema).optional(),
});
export type UpdateMessageFlagsEvent = z.infer<typeof updateMessageFlagsEventSchema>;

const deletedMessageLocation = {
  message_type: z.enum(['stream', 'private']),
  stream_id: z.number().int().optional(),
  topic: z.string().optional(),
};

// Clients that registered with the bulk_message_deletion capability get
// `message_ids`; others one event per message with `message_id`.
export const deleteMessageEventSchema = z.union([
  z.object({
    ...base,
    type: z.literal('delete_message'),
    message_ids: z.array(z.number().int()),
    ...deletedMessageLocation,
  }),
  z.object({
    ...base,
    type: z.literal('delete_message'),
    message_id: z.number().int(),
    ...deletedMessageLocation,
  }),
]);
export type DeleteMessageEvent = z.infer<typeof deleteMessageEventSchema>;

// Zulip's update_message: a content edit of `message_id` and/or a move of
// `message_ids` to another topic or stream; `flags` are the reader's flags
// for `message_id` after the edit.
export const updateMessageEventSchema = z.object({
  ...base,
  type: z.literal('update_message'),
  message_id: z.number().int(),
  message_ids: z.array(z.number().int()),
  flags: z.array(z.string()),
  edit_timestamp: z.number().int(),
  rendering_only: z.boolean().optional(),
  stream_id: z.number().int().optional(),
  new_stream_id: z.number().int().optional(),
  subject: z.string().optional(),
  /** The new topic's links, with a new topic. */
  topic_links: z.array(topicLinkSchema).optional(),
  rendered_content: z.string().optional(),
  is_me_message: z.boolean().optional(),
  /** The editor; null for an edit Zulip made itself. */
  user_id: z.number().int().nullable().optional(),
  orig_content: z.string().optional(),
  orig_rendered_content: z.string().optional(),
  orig_subject: z.string().optional(),
});
export type UpdateMessageEvent = z.infer<typeof updateMessageEventSchema>;

export const subscriptionUpdateEventSchema = z.object({
  ...base,
  type: z.literal('subscription'),
  op: z.literal('update'),
  stream_id: z.number().int(),
  property: z.string(),
  value: z.unknown(),
});
export type SubscriptionUpdateEvent = z.infer<typeof subscriptionUpdateEventSchema>;

export const streamEventSchema = z.union([
  z.object({
    ...base,
    type: z.literal('stream'),
    op: z.literal('update'),
    stream_id: z.number().int(),
    property: z.string(),
    value: z.unknown(),
    // What comes with a description or a privacy change.
    rendered_description: z.string().optional(),
    history_public_to_subscribers: z.boolean().optional(),
  }),
  z.object({
    ...base,
    type: z.literal('stream'),
    op: z.literal('create'),
    streams: z.array(z.object({ stream_id: z.number().int() }).loose()),
  }),
  // Zulip 10 (feature level 343) names deleted channels by `stream_ids` and
  // deprecates `streams`; older servers send `streams` alone.
  z
    .object({
      ...base,
      type: z.literal('stream'),
      op: z.literal('delete'),
      stream_ids: z.array(z.number().int()).optional(),
      streams: z.array(z.object({ stream_id: z.number().int() }).loose()).optional(),
    })
    .refine((event) => event.stream_ids !== undefined || event.streams !== undefined, {
      message: 'a channel deletion names its channels',
    }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;

export const realmUserEventSchema = z.object({
  ...base,
  type: z.literal('realm_user'),
  op: z.enum(['add', 'update', 'remove']),
  person: userSchema.partial().extend({ user_id: z.number().int() }).loose(),
});
export type RealmUserEvent = z.infer<typeof realmUserEventSchema>;

export const userTopicEventSchema = z.object({
  ...base,
  type: z.literal('user_topic'),
  stream_id: z.number().int(),
  topic_name: z.string(),
  last_updated: z.number().int(),
  visibility_policy: z.number().int(),
});
export type UserTopicEvent = z.infer<typeof userTopicEventSchema>;

export const mutedTopicsEventSchema = z.object({
  ...base,
  type: z.literal('muted_topics'),
  muted_topics: z.array(z.tuple([z.string(), z.string(), z.number()])),
});

// Events the Hearth client understands; anything else is passed over by the
// client, because servers add event types faster than clients learn them.
export const knownEventSchema = z.union([
  messageEventSchema,
  heartbeatEventSchema,
  subscriptionAddEventSchema,
  subscriptionRemoveEventSchema,
]);
export type KnownEvent = z.infer<typeof knownEventSchema>;

export const anyEventSchema = z.looseObject({ id: z.number().int(), type: z.string() });
export type AnyEvent = z.infer<typeof anyEventSchema>;

export const eventsResponseSchema = z.object({ events: z.array(anyEventSchema) });

export const registerResponseSchema = z.looseObject({
  queue_id: z.string(),
  last_event_id: z.number().int(),
  zulip_version: z.string().optional(),
  zulip_feature_level: z.number().int().optional(),
});

/** An event as it leaves a queue: Zulip's `{id, type, ...}` objects. */
export type QueuedEvent = { id: number; type: string } & Record<string, unknown>;
