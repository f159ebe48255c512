// Zulip's bot settings live on the user row: the streams a bot sends to and
// registers for by default, and `last_reminder`, which for bots times the
// notices their owner gets about a misconfigured integration.
export const sql = `
ALTER TABLE users ADD COLUMN default_sending_stream_id INTEGER REFERENCES streams(id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN default_events_register_stream_id INTEGER REFERENCES streams(id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN default_all_public_streams INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN last_reminder INTEGER;
CREATE INDEX users_by_bot_owner ON users (bot_owner_id) WHERE is_bot = 1;
`;
