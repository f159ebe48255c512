// Indexes for the narrows of GET /messages at a million messages, the message
// traits behind `has:` and full-text search for `search:`.
//
// `has_*` follow how Zulip sets Message.has_link / has_image / has_attachment
// from the rendered message: any anchor, an inline image preview, a link to an
// uploaded file. They are virtual columns of the rendered HTML, so they hold
// for every writer and stay right when a message is edited.
//
// The full-text index reads `messages` itself (external content) and triggers
// keep it in step with every insert, edit and deletion.
export const sql = `
ALTER TABLE messages ADD COLUMN has_link INTEGER
  GENERATED ALWAYS AS (rendered_content LIKE '%<a %href=%') VIRTUAL;
ALTER TABLE messages ADD COLUMN has_image INTEGER
  GENERATED ALWAYS AS (rendered_content LIKE '%class="message_inline_image%') VIRTUAL;
ALTER TABLE messages ADD COLUMN has_attachment INTEGER
  GENERATED ALWAYS AS (rendered_content LIKE '%href="%/user_uploads/%') VIRTUAL;

-- Carrying flags makes the unread index cover the viewer's rows, so SQLite
-- prefers it to the primary key for is:unread and first_unread.
DROP INDEX user_messages_unread;
CREATE INDEX user_messages_unread ON user_messages (user_id, message_id, flags)
  WHERE (flags & 1) = 0;

CREATE INDEX messages_by_recipient ON messages (recipient_id, id);
CREATE INDEX messages_by_sender ON messages (sender_id, id);

CREATE VIRTUAL TABLE messages_fts USING fts5(
  subject, content,
  content = 'messages', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');

CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
  INSERT INTO messages_fts (rowid, subject, content) VALUES (new.id, new.subject, new.content);
END;
CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, subject, content)
    VALUES ('delete', old.id, old.subject, old.content);
END;
CREATE TRIGGER messages_fts_update AFTER UPDATE OF subject, content ON messages BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, subject, content)
    VALUES ('delete', old.id, old.subject, old.content);
  INSERT INTO messages_fts (rowid, subject, content) VALUES (new.id, new.subject, new.content);
END;
`;
