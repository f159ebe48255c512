// Zulip's BotStorageData: string values a bot keeps under string keys
// between messages (GET, PUT and DELETE /bot_storage), its own and no one
// else's; they go with the bot.
export const sql = `
CREATE TABLE bot_storage (
  bot_id INTEGER NOT NULL REFERENCES users(id),
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (bot_id, key)
);
`;
