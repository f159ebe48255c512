// Zulip 10's own permissions of a user group (feature levels 283 to 324),
// each a column of Zulip's JSON group-setting value, and who made the group
// and when (feature level 292; unknown, so null, for a group made before).
// A group made before keeps what Hearth let happen to it: the
// organization's can_manage_all_groups decided everything, so its own
// settings name nobody, but for leaving it and mentioning it, as Zulip's
// defaults have it.
const nobody = '{"direct_members":[],"direct_subgroups":[]}';

export const sql = `
ALTER TABLE user_groups ADD COLUMN creator_id INTEGER REFERENCES users(id);
ALTER TABLE user_groups ADD COLUMN date_created INTEGER;
ALTER TABLE user_groups ADD COLUMN can_add_members_group TEXT NOT NULL DEFAULT '${nobody}';
ALTER TABLE user_groups ADD COLUMN can_join_group TEXT NOT NULL DEFAULT '${nobody}';
ALTER TABLE user_groups ADD COLUMN can_leave_group TEXT NOT NULL DEFAULT '6';
ALTER TABLE user_groups ADD COLUMN can_manage_group TEXT NOT NULL DEFAULT '${nobody}';
ALTER TABLE user_groups ADD COLUMN can_mention_group TEXT NOT NULL DEFAULT '6';
ALTER TABLE user_groups ADD COLUMN can_remove_members_group TEXT NOT NULL DEFAULT '${nobody}';
`;
