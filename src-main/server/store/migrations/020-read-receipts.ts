// Zulip's Realm.enable_read_receipts. Zulip turns it on for a new
// organization that needs an invitation to join, as every Hearth
// organization does, so existing ones start with it on too.
export const sql = `
ALTER TABLE realm ADD COLUMN enable_read_receipts INTEGER NOT NULL DEFAULT 1;
`;
