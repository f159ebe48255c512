// Zulip 10 and 11's permissions of a channel (feature levels 325 to 441),
// each a column of Zulip's JSON group-setting value, at Zulip's defaults
// for a channel made before them: only what the organization allows, but for
// sending and starting topics (everyone) and removing subscribers
// (administrators, system group 2). Who may post moves from
// stream_post_policy into can_send_message_group as Zulip's own migration
// moved it: administrators 2, full members 4, moderators 3, everyone 6.
// And who made the channel (null where nobody kept it).
const nobody = '{"direct_members":[],"direct_subgroups":[]}';

const columns: [string, string][] = [
  ['can_add_subscribers_group', nobody],
  ['can_administer_channel_group', nobody],
  ['can_create_topic_group', '6'],
  ['can_delete_any_message_group', nobody],
  ['can_delete_own_message_group', nobody],
  ['can_move_messages_out_of_channel_group', nobody],
  ['can_move_messages_within_channel_group', nobody],
  ['can_remove_subscribers_group', '2'],
  ['can_resolve_topics_group', nobody],
  ['can_send_message_group', '6'],
  ['can_subscribe_group', nobody],
];

export const sql = `
ALTER TABLE streams ADD COLUMN creator_id INTEGER REFERENCES users(id);
${columns.map(([name, value]) => `ALTER TABLE streams ADD COLUMN ${name} TEXT NOT NULL DEFAULT '${value}';`).join('\n')}
UPDATE streams SET can_send_message_group =
  CASE stream_post_policy WHEN 2 THEN '2' WHEN 3 THEN '4' WHEN 4 THEN '3' ELSE '6' END;
ALTER TABLE streams DROP COLUMN stream_post_policy;
`;
