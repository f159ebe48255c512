// Zulip's Reaction: one user's emoji on one message. Zulip keeps one row per
// (user, message, reaction_type, emoji_code); the name is what the first
// reactor called it. The id orders a message's reactions, as Zulip's does.
// A message's reactions go with it (store/messageDeletion.ts).
export const sql = `
CREATE TABLE reactions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id INTEGER NOT NULL REFERENCES messages(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  emoji_name TEXT NOT NULL,
  emoji_code TEXT NOT NULL,
  reaction_type TEXT NOT NULL,
  UNIQUE (user_id, message_id, reaction_type, emoji_code)
);
CREATE INDEX reactions_by_message ON reactions (message_id, id);
`;
