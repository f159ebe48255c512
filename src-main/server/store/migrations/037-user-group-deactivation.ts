// Zulip's NamedUserGroup.deactivated (feature level 290): a group is put
// aside rather than deleted, keeping its members and settings, and may be
// reactivated (feature level 386).
export const sql = `
ALTER TABLE user_groups ADD COLUMN deactivated INTEGER NOT NULL DEFAULT 0;
`;
