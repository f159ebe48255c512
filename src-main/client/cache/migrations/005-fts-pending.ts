// Messages stored without their full-text entry yet: catching up after a
// lost queue stores thousands at once and leaves their indexing for later;
// a search indexes whatever is still pending before it looks.
export const sql = `
CREATE TABLE fts_pending (id INTEGER PRIMARY KEY);
`;
