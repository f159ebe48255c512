import { z } from 'zod';
import { userSchema } from '../../wire';

// Events the cache applies whose shapes src-main/wire does not declare yet.

// Zulip's update_message: a content edit of `message_id` and/or a move of
// `message_ids` to another topic or stream; `flags` are the reader's flags
// for `message_id` after the edit.
export const updateMessageEventSchema = z.object({
  id: z.number().int(),
  type: z.literal('update_message'),
  message_id: z.number().int(),
  message_ids: z.array(z.number().int()),
  flags: z.array(z.string()),
  edit_timestamp: z.number().int(),
  rendering_only: z.boolean().optional(),
  stream_id: z.number().int().optional(),
  new_stream_id: z.number().int().optional(),
  subject: z.string().optional(),
  rendered_content: z.string().optional(),
  is_me_message: z.boolean().optional(),
});
export type UpdateMessageEvent = z.infer<typeof updateMessageEventSchema>;

export const subscriptionUpdateEventSchema = z.object({
  id: z.number().int(),
  type: z.literal('subscription'),
  op: z.literal('update'),
  stream_id: z.number().int(),
  property: z.string(),
  value: z.unknown(),
});
export type SubscriptionUpdateEvent = z.infer<typeof subscriptionUpdateEventSchema>;

export const streamEventSchema = z.union([
  z.object({
    id: z.number().int(),
    type: z.literal('stream'),
    op: z.literal('update'),
    stream_id: z.number().int(),
    property: z.string(),
    value: z.unknown(),
  }),
  z.object({
    id: z.number().int(),
    type: z.literal('stream'),
    op: z.enum(['create', 'delete']),
    streams: z.array(z.object({ stream_id: z.number().int() }).loose()),
  }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;

export const realmUserEventSchema = z.object({
  id: z.number().int(),
  type: z.literal('realm_user'),
  op: z.enum(['add', 'update', 'remove']),
  person: userSchema.partial().extend({ user_id: z.number().int() }).loose(),
});
export type RealmUserEvent = z.infer<typeof realmUserEventSchema>;

export const userTopicEventSchema = z.object({
  id: z.number().int(),
  type: z.literal('user_topic'),
  stream_id: z.number().int(),
  topic_name: z.string(),
  last_updated: z.number().int(),
  visibility_policy: z.number().int(),
});
export type UserTopicEvent = z.infer<typeof userTopicEventSchema>;

export const mutedTopicsEventSchema = z.object({
  id: z.number().int(),
  type: z.literal('muted_topics'),
  muted_topics: z.array(z.tuple([z.string(), z.string(), z.number()])),
});
