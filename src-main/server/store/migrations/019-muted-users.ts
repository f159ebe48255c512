// Zulip's MutedUser: whom each user muted, and when. The id orders a user's
// list as Zulip's rows do; the index on the muted user answers, for each
// message sent, who muted its sender.
export const sql = `
CREATE TABLE muted_users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  muted_user_id INTEGER NOT NULL REFERENCES users(id),
  date_muted INTEGER NOT NULL,
  UNIQUE (user_id, muted_user_id)
);
CREATE INDEX muted_users_by_muted_user ON muted_users (muted_user_id);
`;
