// The organization's notifications stream (where `announce` posts), default
// streams, muted topics and per-user notification settings. Settings keep a
// row only where a user left Zulip's default, so new defaults reach everyone.
export const sql = `
ALTER TABLE realm ADD COLUMN notifications_stream_id INTEGER REFERENCES streams(id);

CREATE TABLE default_streams (
  stream_id INTEGER PRIMARY KEY REFERENCES streams(id)
);

CREATE TABLE muted_topics (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  stream_id INTEGER NOT NULL REFERENCES streams(id),
  topic TEXT NOT NULL,
  date_muted INTEGER NOT NULL
);
CREATE UNIQUE INDEX muted_topics_by_user ON muted_topics (user_id, stream_id, topic COLLATE NOCASE);

CREATE TABLE user_settings (
  user_id INTEGER NOT NULL REFERENCES users(id),
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (user_id, name)
) WITHOUT ROWID;
`;
