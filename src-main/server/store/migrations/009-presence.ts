// Zulip 7.0's presence model: one row per user with the last time any of
// their clients was in use and the last time any was merely connected
// (Unix seconds). A user who never reported presence has no row.
export const sql = `
CREATE TABLE user_presence (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  last_active_time INTEGER NOT NULL,
  last_connected_time INTEGER NOT NULL
);
CREATE INDEX user_presence_by_connection ON user_presence (last_connected_time);
`;
