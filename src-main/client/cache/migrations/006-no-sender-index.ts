// A search by sender alone walks the messages newest first and stops at the
// fiftieth match, fast enough without an index; with one, every stored
// message paid for it, and catching up stores thousands at a time.
export const sql = `
DROP INDEX messages_by_sender;
`;
