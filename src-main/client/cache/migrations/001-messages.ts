// Messages as the feed reads them: the wire JSON (its flags are read from
// their own column, as they change often) plus the columns narrows filter on.
//
// `topic_folded` is the topic in lower case, because Zulip matches topics
// without regard to case. `dm_key` is every participant's ID, the reader's
// included, ascending and comma-separated: Zulip's user_ids_string.
//
// The full-text index stores the plain text of the HTML content, which the
// cache computes; it is written beside each message, not by triggers.
//
// A range says the cache holds every message of its narrow with an ID from
// `low` to `high` (0 for low: back to the narrow's first message);
// `reaches_newest` says live events have kept it complete up to now.
export const sql = `
CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  stream_id INTEGER,
  topic TEXT,
  topic_folded TEXT,
  dm_key TEXT,
  sender_id INTEGER NOT NULL,
  sender_email TEXT NOT NULL,
  flags INTEGER NOT NULL,
  has_link INTEGER NOT NULL,
  json TEXT NOT NULL
);
CREATE INDEX messages_by_stream ON messages (stream_id, id);
CREATE INDEX messages_by_topic ON messages (stream_id, topic_folded, id);
CREATE INDEX messages_by_dm ON messages (dm_key, id);
CREATE INDEX messages_by_sender ON messages (sender_id, id);

CREATE VIRTUAL TABLE messages_fts USING fts5(
  topic, body,
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TABLE ranges (
  narrow TEXT NOT NULL,
  low INTEGER NOT NULL,
  high INTEGER NOT NULL,
  reaches_newest INTEGER NOT NULL
);
CREATE INDEX ranges_by_narrow ON ranges (narrow, low);
`;
