// The notifications the host owes the push service, kept until the service
// has them (or Zulip's tries run out), through restarts: one row per user and
// message, or a remove naming the messages a phone should take down. And
// which messages a user's phones show now (Zulip's
// active_mobile_push_notification flag), so that reading one elsewhere takes
// it down.
export const sql = `
CREATE TABLE push_notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  kind TEXT NOT NULL CHECK (kind IN ('message', 'remove')),
  message_id INTEGER,
  trigger TEXT,
  message_ids TEXT,
  failed_tries INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE push_active (
  user_id INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  PRIMARY KEY (user_id, message_id)
) WITHOUT ROWID;
`;
