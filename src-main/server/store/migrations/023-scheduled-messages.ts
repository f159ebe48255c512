// Zulip's ScheduledMessage: a message kept until its time, addressed as a
// message is (recipient, topic), rendered when written so that a list of
// them shows it. `delivered` is set in the transaction that stores the sent
// message, so a message is sent once whatever stops the host; `failed` and
// its words are what Zulip tells the sender when delivery is refused.
export const sql = `
CREATE TABLE scheduled_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sender_id INTEGER NOT NULL REFERENCES users(id),
  recipient_id INTEGER NOT NULL REFERENCES recipients(id),
  subject TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL,
  rendered_content TEXT NOT NULL,
  sending_client_id INTEGER NOT NULL REFERENCES clients(id),
  scheduled_timestamp INTEGER NOT NULL,
  delivered INTEGER NOT NULL DEFAULT 0,
  delivered_message_id INTEGER,
  failed INTEGER NOT NULL DEFAULT 0,
  failure_message TEXT
);
CREATE INDEX scheduled_messages_by_sender ON scheduled_messages (sender_id, scheduled_timestamp);
CREATE INDEX scheduled_messages_due ON scheduled_messages (scheduled_timestamp)
  WHERE delivered = 0 AND failed = 0;
`;
