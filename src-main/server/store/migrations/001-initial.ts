// Tables follow Zulip's data model so that IDs and relations mean what Zulip
// clients expect: a message's recipient_id names a row of `recipients`, which
// points at a user (personal), a stream or a huddle.
export const sql = `
CREATE TABLE realm (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  name TEXT NOT NULL,
  string_id TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  date_created INTEGER NOT NULL,
  demo_seeded INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL COLLATE NOCASE UNIQUE,
  full_name TEXT NOT NULL,
  role INTEGER NOT NULL,
  is_bot INTEGER NOT NULL DEFAULT 0,
  bot_type INTEGER,
  bot_owner_id INTEGER REFERENCES users(id),
  is_active INTEGER NOT NULL DEFAULT 1,
  timezone TEXT NOT NULL DEFAULT '',
  date_joined INTEGER NOT NULL,
  api_key TEXT NOT NULL UNIQUE,
  password_hash TEXT
);

CREATE TABLE recipients (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type INTEGER NOT NULL CHECK (type IN (1, 2, 3)),
  type_id INTEGER NOT NULL,
  UNIQUE (type, type_id)
);

CREATE TABLE streams (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL COLLATE NOCASE UNIQUE,
  description TEXT NOT NULL DEFAULT '',
  rendered_description TEXT NOT NULL DEFAULT '',
  invite_only INTEGER NOT NULL DEFAULT 0,
  history_public_to_subscribers INTEGER NOT NULL DEFAULT 1,
  is_announcement_only INTEGER NOT NULL DEFAULT 0,
  date_created INTEGER NOT NULL
);

CREATE TABLE huddles (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_ids_key TEXT NOT NULL UNIQUE
);

CREATE TABLE subscriptions (
  user_id INTEGER NOT NULL REFERENCES users(id),
  recipient_id INTEGER NOT NULL REFERENCES recipients(id),
  is_active INTEGER NOT NULL DEFAULT 1,
  color TEXT NOT NULL,
  is_muted INTEGER NOT NULL DEFAULT 0,
  pin_to_top INTEGER NOT NULL DEFAULT 0,
  desktop_notifications INTEGER,
  audible_notifications INTEGER,
  push_notifications INTEGER,
  email_notifications INTEGER,
  wildcard_mentions_notify INTEGER,
  PRIMARY KEY (user_id, recipient_id)
) WITHOUT ROWID;
CREATE INDEX subscriptions_by_recipient ON subscriptions (recipient_id, user_id) WHERE is_active = 1;

CREATE TABLE clients (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sender_id INTEGER NOT NULL REFERENCES users(id),
  recipient_id INTEGER NOT NULL REFERENCES recipients(id),
  subject TEXT NOT NULL,
  content TEXT NOT NULL,
  rendered_content TEXT NOT NULL,
  date_sent INTEGER NOT NULL,
  sending_client_id INTEGER NOT NULL REFERENCES clients(id)
);
CREATE INDEX messages_by_topic ON messages (recipient_id, subject COLLATE NOCASE, id);

CREATE TABLE user_messages (
  user_id INTEGER NOT NULL REFERENCES users(id),
  message_id INTEGER NOT NULL REFERENCES messages(id),
  flags INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, message_id)
) WITHOUT ROWID;
CREATE INDEX user_messages_unread ON user_messages (user_id, message_id) WHERE (flags & 1) = 0;
CREATE INDEX user_messages_by_message ON user_messages (message_id);
`;
