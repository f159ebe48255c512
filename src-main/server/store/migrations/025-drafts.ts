// Zulip's Draft: what a user wrote and did not send, kept for their other
// devices while enable_drafts_synchronization is on. `recipient_ids` holds
// the draft's `to` as Zulip answers it (a stream's ID, or the other people of
// a private conversation); the edit time keeps Zulip's microseconds.
export const sql = `
CREATE TABLE drafts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  type TEXT NOT NULL CHECK (type IN ('stream', 'private', '')),
  recipient_ids TEXT NOT NULL,
  topic TEXT NOT NULL,
  content TEXT NOT NULL,
  last_edit_time REAL NOT NULL
);
CREATE INDEX drafts_by_user ON drafts (user_id, last_edit_time);
`;
