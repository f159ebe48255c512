// Zulip's group-setting values (feature levels 209 to 407): who may do
// something is a user group, or an anonymous group of people and groups,
// rather than a role policy. One row per setting of the organization, a
// channel or a user group; the value is Zulip's own JSON for it: a group's
// ID, or {"direct_members": [...], "direct_subgroups": [...]}. An
// organization made before this takes its five role policies over as Zulip's
// own migrations took them (its system groups keep IDs 1 owners to 6
// everyone here); a new one is given its settings when it is made.
const policyGroup = (column: string) => `CASE ${column}
    WHEN 7 THEN '1' WHEN 2 THEN '2' WHEN 4 THEN '3' WHEN 3 THEN '4' WHEN 1 THEN '5'
    WHEN 5 THEN '6' ELSE '{"direct_members":[],"direct_subgroups":[]}' END`;

const fromPolicy = (name: string, column: string) =>
  `INSERT INTO group_settings (scope, owner_id, name, value)
  SELECT 'realm', id, '${name}', ${policyGroup(column)} FROM realm;`;

export const sql = `
CREATE TABLE group_settings (
  scope TEXT NOT NULL CHECK (scope IN ('realm', 'stream', 'user_group')),
  owner_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  value TEXT NOT NULL CHECK (json_valid(value)),
  PRIMARY KEY (scope, owner_id, name)
) WITHOUT ROWID;
${fromPolicy('can_move_messages_between_topics_group', 'edit_topic_policy')}
${fromPolicy('can_resolve_topics_group', 'edit_topic_policy')}
${fromPolicy('can_delete_own_message_group', 'delete_own_message_policy')}
${fromPolicy('can_invite_users_group', 'invite_to_realm_policy')}
${fromPolicy('can_move_messages_between_channels_group', 'move_messages_between_streams_policy')}
INSERT INTO group_settings (scope, owner_id, name, value)
  SELECT 'realm', id, 'can_create_bots_group', CASE bot_creation_policy WHEN 1 THEN '5' ELSE '2' END
  FROM realm;
INSERT INTO group_settings (scope, owner_id, name, value)
  SELECT 'realm', id, 'can_create_write_only_bots_group',
    CASE bot_creation_policy WHEN 3 THEN '2' ELSE '5' END
  FROM realm;
ALTER TABLE realm DROP COLUMN edit_topic_policy;
ALTER TABLE realm DROP COLUMN delete_own_message_policy;
ALTER TABLE realm DROP COLUMN invite_to_realm_policy;
ALTER TABLE realm DROP COLUMN move_messages_between_streams_policy;
ALTER TABLE realm DROP COLUMN bot_creation_policy;
`;
