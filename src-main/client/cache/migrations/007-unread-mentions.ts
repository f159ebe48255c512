// Which unread messages mention the reader, for a badge that counts direct
// messages and mentions. A cache from before learns them at its next register.
export const sql = `
ALTER TABLE unreads ADD COLUMN mentioned INTEGER NOT NULL DEFAULT 0;
`;
