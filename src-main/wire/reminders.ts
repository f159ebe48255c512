import { z } from 'zod';

// Zulip's reminder (feature levels 381 and 399), as GET /reminders,
// register's `reminders` and its events carry it: a direct message to the
// user themself about the message `reminder_target_message_id`.
export const reminderSchema = z.object({
  reminder_id: z.number().int(),
  type: z.literal('private'),
  to: z.array(z.number().int()),
  content: z.string(),
  rendered_content: z.string(),
  scheduled_delivery_timestamp: z.number().int(),
  failed: z.boolean(),
  reminder_target_message_id: z.number().int(),
});
export type Reminder = z.infer<typeof reminderSchema>;
