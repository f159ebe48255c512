// Zulip's AlertWord: words that call a user's attention to a message, kept
// as the user typed them and matched without regard to case.
export const sql = `
CREATE TABLE alert_words (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  word TEXT NOT NULL
);
CREATE INDEX alert_words_by_user ON alert_words (user_id, id);
`;
