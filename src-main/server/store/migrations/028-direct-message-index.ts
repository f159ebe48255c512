// A user's direct messages, newest first, without walking their channel
// messages: register's recent_private_conversations reads the newest thousand
// of them, as Zulip's partial index on its private-message flag lets it.
export const sql = `
CREATE INDEX user_messages_direct ON user_messages (user_id, message_id)
  WHERE (flags & 2048) != 0;
`;
