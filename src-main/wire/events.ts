import { z } from 'zod';
import { messageSchema } from './messages';
import { subscriptionSchema } from './streams';

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
