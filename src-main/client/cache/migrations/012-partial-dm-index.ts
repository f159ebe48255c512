// Every query that reads messages by private conversation asks for a dm_key
// (`dm_key = ?` or `dm_key IS NOT NULL`), so stream messages, most of a
// cache, need no entry in its index: catching up stores thousands at a time,
// and each paid for one.
export const sql = `
DROP INDEX messages_by_dm;
CREATE INDEX messages_by_dm ON messages (dm_key, id) WHERE dm_key IS NOT NULL;
`;
