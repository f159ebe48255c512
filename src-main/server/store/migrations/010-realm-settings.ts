// The organization settings administrators change with PATCH /realm, beyond
// the editing ones of 004. They start at Zulip 7.0's defaults: only
// administrators delete messages, with a ten-minute limit for anyone a wider
// policy lets delete their own, and every member may invite.
export const sql = `
ALTER TABLE realm ADD COLUMN delete_own_message_policy INTEGER NOT NULL DEFAULT 2;
ALTER TABLE realm ADD COLUMN message_content_delete_limit_seconds INTEGER DEFAULT 600;
ALTER TABLE realm ADD COLUMN invite_to_realm_policy INTEGER NOT NULL DEFAULT 1;
`;
