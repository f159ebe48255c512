// Zulip's Service: what an outgoing-webhook bot posts to (its URL and
// interface, 1 Zulip's own format, 2 Slack's) and the token it sends along,
// and the organization's bot_creation_policy, which Zulip starts at 1 (everyone).
export const sql = `
CREATE TABLE bot_services (
  id INTEGER PRIMARY KEY,
  bot_id INTEGER NOT NULL REFERENCES users(id),
  name TEXT NOT NULL,
  base_url TEXT NOT NULL,
  token TEXT NOT NULL,
  interface INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX bot_services_by_bot ON bot_services(bot_id);
ALTER TABLE realm ADD COLUMN bot_creation_policy INTEGER NOT NULL DEFAULT 1;
`;
