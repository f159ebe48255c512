// Zulip's SavedSnippet: text a user keeps to insert into messages, under a
// title; its own, never shared. Creation time in whole seconds, as the API
// gives it.
export const sql = `
CREATE TABLE saved_snippets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  date_created INTEGER NOT NULL
);
CREATE INDEX saved_snippets_by_user ON saved_snippets (user_id, id);
`;
