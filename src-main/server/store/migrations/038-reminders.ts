// Zulip's reminders (feature levels 381, 399 and 415) are scheduled messages
// of another delivery type (Zulip's SEND_LATER 1, REMIND 2): a note to the
// user about a message, kept with that message's ID and the user's note.
export const sql = `
ALTER TABLE scheduled_messages ADD COLUMN delivery_type INTEGER NOT NULL DEFAULT 1;
ALTER TABLE scheduled_messages ADD COLUMN reminder_target_message_id INTEGER;
ALTER TABLE scheduled_messages ADD COLUMN reminder_note TEXT;
`;
