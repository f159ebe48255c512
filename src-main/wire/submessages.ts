import { z } from 'zod';

// One entry of a message's `submessages`, as Zulip sends it in message
// objects (oldest first). `content` is JSON text: for msg_type "widget" the
// first is {widget_type, extra_data}, each later one an event of that widget.
export const submessageSchema = z.object({
  id: z.number().int(),
  message_id: z.number().int(),
  sender_id: z.number().int(),
  msg_type: z.string(),
  content: z.string(),
});
export type Submessage = z.infer<typeof submessageSchema>;

// Zulip's `submessage` event: the same fields, the row's id as submessage_id.
export const submessageEventSchema = submessageSchema.omit({ id: true }).extend({
  id: z.number().int(),
  type: z.literal('submessage'),
  submessage_id: z.number().int(),
});
export type SubmessageEvent = z.infer<typeof submessageEventSchema>;
