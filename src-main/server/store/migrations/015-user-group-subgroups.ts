// Groups inside groups people make (Zulip's UserGroup.direct_subgroups). A
// subgroup may be one of the role-based system groups, which are never
// stored, so the subgroup column cannot reference user_groups; the action
// that deletes a group removes the rows naming it.
export const sql = `
CREATE TABLE user_group_subgroups (
  group_id INTEGER NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
  subgroup_id INTEGER NOT NULL,
  PRIMARY KEY (group_id, subgroup_id)
) WITHOUT ROWID;
CREATE INDEX user_group_subgroups_by_subgroup ON user_group_subgroups (subgroup_id);
`;
