// The group whose mention brought a notification (Zulip's
// mentioned_user_group_id), which its payload names; null for the rest.
export const sql = `
ALTER TABLE push_notifications ADD COLUMN mentioned_user_group_id INTEGER;
`;
