// Messages waiting to be sent, in the order they were written (`seq`).
export const sql = `
CREATE TABLE outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  local_id TEXT NOT NULL UNIQUE,
  destination TEXT NOT NULL,
  content TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_attempt_at INTEGER,
  last_error TEXT,
  message_id INTEGER
);
`;
