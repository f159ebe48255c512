// User groups people make (Zulip's UserGroup that is not a system group).
// Their IDs follow the seven role-based system groups, which the host derives
// from roles and never stores.
export const sql = `
CREATE TABLE user_groups (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL COLLATE NOCASE UNIQUE,
  description TEXT NOT NULL DEFAULT ''
);
INSERT INTO sqlite_sequence (name, seq) VALUES ('user_groups', 7);

CREATE TABLE user_group_members (
  group_id INTEGER NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (group_id, user_id)
) WITHOUT ROWID;
CREATE INDEX user_group_members_by_user ON user_group_members (user_id);
`;
