// Zulip's UserStatus: at most one row per user, kept once a user first sets
// a status, with the client that set it last. Empty text and emoji name mean
// none; the deprecated `away` is not kept here: it is the user's
// presence_enabled setting, turned off.
export const sql = `
CREATE TABLE user_status (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  status_text TEXT NOT NULL DEFAULT '',
  emoji_name TEXT NOT NULL DEFAULT '',
  emoji_code TEXT NOT NULL DEFAULT '',
  reaction_type TEXT NOT NULL DEFAULT 'unicode_emoji',
  client_id INTEGER NOT NULL REFERENCES clients(id),
  timestamp INTEGER NOT NULL
);
`;
