// What the sidebar shows offline, and the /register response it came from.
//
// `unreads` holds every unread message the server told of (the register's
// unread_msgs, then events), cached or not, so counts match the server's.
// `stream_topics` holds topic lists fetched from the server; topics of
// cached messages come from `messages` itself.
export const sql = `
CREATE TABLE register_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  state TEXT NOT NULL,
  user_id INTEGER,
  queue_id TEXT,
  last_event_id INTEGER NOT NULL
);

CREATE TABLE subscriptions (
  stream_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL COLLATE NOCASE,
  is_muted INTEGER NOT NULL,
  json TEXT NOT NULL
);
CREATE INDEX subscriptions_by_name ON subscriptions (name);

CREATE TABLE users (
  user_id INTEGER PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE,
  json TEXT NOT NULL
);
CREATE INDEX users_by_email ON users (email);

CREATE TABLE user_topics (
  stream_id INTEGER NOT NULL,
  topic_folded TEXT NOT NULL,
  visibility_policy INTEGER NOT NULL,
  PRIMARY KEY (stream_id, topic_folded)
) WITHOUT ROWID;

CREATE TABLE stream_topics (
  stream_id INTEGER NOT NULL,
  topic_folded TEXT NOT NULL,
  name TEXT NOT NULL,
  max_id INTEGER NOT NULL,
  PRIMARY KEY (stream_id, topic_folded)
) WITHOUT ROWID;

CREATE TABLE unreads (
  message_id INTEGER PRIMARY KEY,
  stream_id INTEGER,
  topic TEXT,
  topic_folded TEXT,
  dm_key TEXT
);
`;
