// Messages awaiting their full-text entries are kept as spans of IDs rather
// than one row each: a catch-up's page of 1,000 new messages is one span,
// where a row per message was a twentieth of its catching up. Indexing a span
// reads whatever messages it holds then; one indexed already is indexed again.
export const sql = `
CREATE TABLE fts_pending_spans (low INTEGER NOT NULL, high INTEGER NOT NULL);
CREATE INDEX fts_pending_spans_by_low ON fts_pending_spans (low);
INSERT INTO fts_pending_spans (low, high) SELECT id, id FROM fts_pending;
DROP TABLE fts_pending;
`;
