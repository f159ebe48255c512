// The last read receipts the server gave for a message, kept so that the
// window shows them offline, with when they were fetched; they go with the message.
export const sql = `
CREATE TABLE read_receipts (
  message_id INTEGER PRIMARY KEY,
  user_ids TEXT NOT NULL,
  fetched_at INTEGER NOT NULL
);
CREATE TRIGGER read_receipts_follow_messages AFTER DELETE ON messages BEGIN
  DELETE FROM read_receipts WHERE message_id = old.id;
END;
`;
