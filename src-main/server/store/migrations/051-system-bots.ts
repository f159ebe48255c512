// Zulip's cross-realm system bots: Notification Bot speaks for the server
// (subscriptions by others, channel events, accepted invitations) and
// Welcome Bot greets newcomers. They are users outside the organization:
// `is_system_bot` keeps them out of every list of its people. An address
// already taken by a person leaves that bot out rather than failing the
// migration. No key signs in as them (http/auth.ts), so theirs are plain
// markers; they date from the organization's first member, so that the
// migration gives the same rows however often it is started. Zulip's
// welcome_message_custom_text (feature level 416) is the
// organization's own words, which Welcome Bot adds to its greeting.
export const sql = `
ALTER TABLE users ADD COLUMN is_system_bot INTEGER NOT NULL DEFAULT 0;
INSERT INTO users (email, full_name, role, is_bot, bot_type, date_joined, api_key, is_system_bot)
SELECT bot.email, bot.full_name, 400, 1, 1,
       (SELECT COALESCE(MIN(date_joined), 0) FROM users), 'system-bot:' || bot.email, 1
  FROM (SELECT 'notification-bot@zulip.com' AS email, 'Notification Bot' AS full_name
        UNION ALL SELECT 'welcome-bot@zulip.com', 'Welcome Bot') AS bot
 WHERE NOT EXISTS (SELECT 1 FROM users WHERE users.email = bot.email);
INSERT INTO recipients (type, type_id) SELECT 1, id FROM users WHERE is_system_bot = 1;
INSERT INTO subscriptions (user_id, recipient_id, color)
SELECT users.id, recipients.id, '' FROM users
  JOIN recipients ON recipients.type = 1 AND recipients.type_id = users.id
 WHERE users.is_system_bot = 1;
ALTER TABLE realm ADD COLUMN welcome_message_custom_text TEXT NOT NULL DEFAULT '';
`;
