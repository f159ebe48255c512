// Zulip's Stream.deactivated: an archived stream keeps its row and messages
// (their senders and recipients still hold them) but leaves every list.
//
// Moving messages between streams, at Zulip 7.0's defaults: administrators
// only (policy 2), within a week of sending.
export const sql = `
ALTER TABLE streams ADD COLUMN deactivated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE realm ADD COLUMN move_messages_between_streams_policy INTEGER NOT NULL DEFAULT 2;
ALTER TABLE realm ADD COLUMN move_messages_between_streams_limit_seconds INTEGER DEFAULT 604800;
`;
