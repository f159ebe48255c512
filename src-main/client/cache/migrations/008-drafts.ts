// What the user wrote and did not send, one per conversation (`conversation`
// is its key: a stream's folded topic, or a private conversation's people).
export const sql = `
CREATE TABLE drafts (
  conversation TEXT PRIMARY KEY,
  destination TEXT NOT NULL,
  content TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX drafts_by_update ON drafts (updated_at);
`;
