// Editing messages. A message keeps its edits as Zulip's Message.edit_history
// does, one JSON array in the message row, so the history of a message is read
// with the message itself; unlike Zulip the array is kept oldest first, so an
// edit appends and a topic move updates every moved row in one statement.
//
// The realm's editing settings start at Zulip 7.0's defaults: editing on, ten
// minutes to edit content, anyone may edit topics (policy 5, "everyone") for a
// week after sending, edit history visible. A NULL limit means no limit.
export const sql = `
ALTER TABLE messages ADD COLUMN last_edit_timestamp INTEGER;
ALTER TABLE messages ADD COLUMN edit_history TEXT;

ALTER TABLE realm ADD COLUMN allow_message_editing INTEGER NOT NULL DEFAULT 1;
ALTER TABLE realm ADD COLUMN message_content_edit_limit_seconds INTEGER DEFAULT 600;
ALTER TABLE realm ADD COLUMN edit_topic_policy INTEGER NOT NULL DEFAULT 5;
ALTER TABLE realm ADD COLUMN move_messages_within_stream_limit_seconds INTEGER DEFAULT 604800;
ALTER TABLE realm ADD COLUMN allow_edit_history INTEGER NOT NULL DEFAULT 1;
`;
