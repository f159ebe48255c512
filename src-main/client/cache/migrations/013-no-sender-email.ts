// No query reads a message's sender by email (sender narrows and names go by
// ID, and the JSON holds the address), yet every stored message bound one
// more string for it: a tenth of a catch-up page's inserts.
export const sql = `
ALTER TABLE messages DROP COLUMN sender_email;
`;
