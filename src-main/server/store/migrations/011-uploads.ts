// Files people upload (Zulip's Attachment), and which messages link each.
// The bytes are kept in the database, beside the row that names them, in a
// table of their own so that listing attachments never reads a file: an
// upload is then stored whole or not at all, and a backup carries the files.
export const sql = `
CREATE TABLE attachments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- Zulip's path_id: <realm id>/<two hex digits>/<random token>/<file name>.
  path_id TEXT NOT NULL UNIQUE,
  file_name TEXT NOT NULL,
  owner_id INTEGER NOT NULL REFERENCES users(id),
  size INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  create_time INTEGER NOT NULL
);
CREATE INDEX attachments_by_owner ON attachments (owner_id);

CREATE TABLE attachment_files (
  attachment_id INTEGER PRIMARY KEY REFERENCES attachments(id) ON DELETE CASCADE,
  data BLOB NOT NULL
);

CREATE TABLE attachment_messages (
  attachment_id INTEGER NOT NULL REFERENCES attachments(id) ON DELETE CASCADE,
  message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
  PRIMARY KEY (attachment_id, message_id)
) WITHOUT ROWID;
CREATE INDEX attachment_messages_by_message ON attachment_messages (message_id);
`;
