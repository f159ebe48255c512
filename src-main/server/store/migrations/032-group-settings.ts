// Zulip's group-setting values (feature levels 209 to 407): who may do
// something is a user group, or an anonymous group of people and groups,
// rather than a role policy. Each of the organization's is a column holding
// Zulip's own JSON for it: a group's ID (the system groups are 1 owners,
// 2 administrators, 3 moderators, 4 full members, 5 members, 6 everyone),
// or {"direct_members": [...], "direct_subgroups": [...]}; the empty one is
// nobody. A new organization starts at these defaults: Hearth's own where
// its hosts decided the action before (deleting one's own messages and
// moving them to another channel: administrators), else Zulip's. An
// organization made before takes its five role policies over as Zulip's own
// migrations took them.
const nobody = '{"direct_members":[],"direct_subgroups":[]}';

const columns: [string, string][] = [
  ['create_multiuse_invite_group', '2'],
  ['can_access_all_users_group', '6'],
  ['can_add_custom_emoji_group', '5'],
  ['can_add_subscribers_group', '5'],
  ['can_create_bots_group', '5'],
  ['can_create_groups', '5'],
  ['can_create_private_channel_group', '5'],
  ['can_create_public_channel_group', '5'],
  ['can_create_web_public_channel_group', '1'],
  ['can_create_write_only_bots_group', '5'],
  ['can_delete_any_message_group', '2'],
  ['can_delete_own_message_group', '2'],
  ['can_invite_users_group', '5'],
  // Hearth hosts let any member manage every group, as their
  // user_group_edit_policy of members did.
  ['can_manage_all_groups', '5'],
  ['can_manage_billing_group', '2'],
  ['can_mention_many_users_group', '6'],
  ['can_move_messages_between_channels_group', '2'],
  ['can_move_messages_between_topics_group', '6'],
  ['can_resolve_topics_group', '6'],
  ['can_set_delete_message_policy_group', '3'],
  ['can_set_topics_policy_group', '5'],
  ['can_summarize_topics_group', '6'],
  ['direct_message_initiator_group', '6'],
  ['direct_message_permission_group', '6'],
];

const policyGroup = (column: string) => `CASE ${column}
    WHEN 7 THEN '1' WHEN 2 THEN '2' WHEN 4 THEN '3' WHEN 3 THEN '4' WHEN 1 THEN '5'
    WHEN 5 THEN '6' ELSE '${nobody}' END`;

export const sql = `
${columns.map(([name, value]) => `ALTER TABLE realm ADD COLUMN ${name} TEXT NOT NULL DEFAULT '${value}';`).join('\n')}
UPDATE realm SET
  can_move_messages_between_topics_group = ${policyGroup('edit_topic_policy')},
  can_resolve_topics_group = ${policyGroup('edit_topic_policy')},
  can_delete_own_message_group = ${policyGroup('delete_own_message_policy')},
  can_invite_users_group = ${policyGroup('invite_to_realm_policy')},
  can_move_messages_between_channels_group = ${policyGroup('move_messages_between_streams_policy')},
  can_create_bots_group = CASE bot_creation_policy WHEN 1 THEN '5' ELSE '2' END,
  can_create_write_only_bots_group = CASE bot_creation_policy WHEN 3 THEN '2' ELSE '5' END;
ALTER TABLE realm DROP COLUMN edit_topic_policy;
ALTER TABLE realm DROP COLUMN delete_own_message_policy;
ALTER TABLE realm DROP COLUMN invite_to_realm_policy;
ALTER TABLE realm DROP COLUMN move_messages_between_streams_policy;
ALTER TABLE realm DROP COLUMN bot_creation_policy;
`;
