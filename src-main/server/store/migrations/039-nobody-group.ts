// Zulip's role:nobody, the system group that holds no one, by which Zulip 10
// and later name a setting no one holds. It takes the next user group ID, as
// the groups people made already hold those after the seven role groups.
export const sql = `
CREATE TABLE nobody_group (id INTEGER PRIMARY KEY);
UPDATE sqlite_sequence SET seq = seq + 1 WHERE name = 'user_groups';
INSERT INTO nobody_group (id) SELECT seq FROM sqlite_sequence WHERE name = 'user_groups';
`;
