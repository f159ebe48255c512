// Zulip's Stream.deactivated: an archived stream keeps its row and messages
// (their senders and recipients still hold them) but leaves every list.
export const sql = `
ALTER TABLE streams ADD COLUMN deactivated INTEGER NOT NULL DEFAULT 0;
`;
