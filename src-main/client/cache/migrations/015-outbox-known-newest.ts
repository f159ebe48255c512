// The newest message the cache held when an outbox entry was written. An
// attempt whose outcome is unknown is looked for on the server among newer
// messages only: the same words sent a minute earlier are not it.
export const sql = `
ALTER TABLE outbox ADD COLUMN known_newest INTEGER;
`;
