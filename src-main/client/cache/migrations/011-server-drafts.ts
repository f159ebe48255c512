// Drafts kept by the server too (Zulip's /drafts): a conversation may now
// hold more than one draft (the other device's edit of the same draft is kept
// as a draft of its own), each row knows the server's draft it mirrors, the
// server's timestamp and text of the version both last agreed on, whether it
// changed here since, and whether the server refused this version. A draft
// deleted here while the server still holds it waits in draft_deletions until
// the server hears of it.
export const sql = `
CREATE TABLE drafts_kept (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation TEXT NOT NULL,
  destination TEXT NOT NULL,
  content TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  server_id INTEGER UNIQUE,
  synced_at INTEGER,
  synced_content TEXT,
  seen INTEGER NOT NULL DEFAULT 0,
  dirty INTEGER NOT NULL DEFAULT 1,
  refused INTEGER NOT NULL DEFAULT 0
);
INSERT INTO drafts_kept (conversation, destination, content, updated_at)
  SELECT conversation, destination, content, updated_at FROM drafts;
DROP TABLE drafts;
ALTER TABLE drafts_kept RENAME TO drafts;
CREATE INDEX drafts_by_update ON drafts (updated_at);
CREATE INDEX drafts_by_conversation ON drafts (conversation, updated_at);
CREATE TABLE draft_deletions (
  server_id INTEGER PRIMARY KEY,
  synced_at INTEGER NOT NULL
);
`;
