import type { Sql } from './sql';

/** Zulip's message_edit_history_visibility_policy values (feature level 358). */
export const editHistoryVisibilities = ['all', 'moves', 'none'] as const;
export type EditHistoryVisibility = (typeof editHistoryVisibilities)[number];

/** Hearth hosts one organization, always row 1 of `realm`; Zulip's realm_id where a path names it. */
export const REALM_ID = 1;

/** The organization's group settings (Zulip 12's permissions), each a column of Zulip's JSON value. */
export const realmGroupSettingColumns = [
  'create_multiuse_invite_group',
  'can_access_all_users_group',
  'can_add_custom_emoji_group',
  'can_add_subscribers_group',
  'can_create_bots_group',
  'can_create_groups',
  'can_create_private_channel_group',
  'can_create_public_channel_group',
  'can_create_web_public_channel_group',
  'can_create_write_only_bots_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_invite_users_group',
  'can_manage_all_groups',
  'can_manage_billing_group',
  'can_mention_many_users_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
  'can_set_delete_message_policy_group',
  'can_set_topics_policy_group',
  'can_summarize_topics_group',
  'direct_message_initiator_group',
  'direct_message_permission_group',
] as const;

export type RealmGroupSettingColumn = (typeof realmGroupSettingColumns)[number];

export interface RealmRow extends Record<RealmGroupSettingColumn, string> {
  name: string;
  string_id: string;
  description: string;
  date_created: number;
  /** Zulip's Realm.uuid; null only until the host next starts. */
  uuid: string | null;
  demo_seeded: number;
  notifications_stream_id: number | null;
  allow_message_editing: number;
  /** Null: content may be edited at any time. */
  message_content_edit_limit_seconds: number | null;
  /** Null: topics may be edited at any time. */
  move_messages_within_stream_limit_seconds: number | null;
  /** Feature level 358: who reads earlier versions of a message, `all`, `moves` or `none`. */
  message_edit_history_visibility_policy: EditHistoryVisibility;
  /** Null: messages may be deleted at any time. */
  message_content_delete_limit_seconds: number | null;
  /** Null: messages may be moved to another stream at any time. */
  move_messages_between_streams_limit_seconds: number | null;
  /** Zulip's 'U' for an uploaded icon, 'G' for the one the host draws. */
  icon_source: 'U' | 'G';
  icon_version: number;
  /** Zulip's enable_read_receipts: whether anyone may see who read a message. */
  enable_read_receipts: number;
  /** Zulip's default_language: a code of Zulip 7.0's list, which new users start with. */
  default_language: string;
  /** Zulip's realm topics_policy: allow_empty_topic or disable_empty_topic. */
  topics_policy: string;
  /** Zulip 12's default_avatar_source (feature level 456): 'G' or 'J'. */
  default_avatar_source: string;
  /** Feature level 246: no two people (or bots) may share a name. */
  require_unique_names: number;
  /** Feature level 216: clients mark guests' names. */
  enable_guest_user_indicator: number;
  /** Feature level 348: clients warn before a direct message reaches a guest. */
  enable_guest_user_dm_warning: number;
  /** Feature level 242; null: Zulip's -1, none. */
  zulip_update_announcements_stream_id: number | null;
  /** Feature level 409: no message content through the legacy push APIs. */
  require_e2ee_push_notifications: number;
  /** Feature level 241; null: none. */
  signup_announcements_stream_id: number | null;
  /** Feature level 331: a private channel; null: none, reports refused. */
  moderation_request_channel_id: number | null;
  /** Feature level 434. */
  send_channel_events_messages: number;
  /** Feature level 416: what Welcome Bot adds to its greeting; '' for nothing. */
  welcome_message_custom_text: string;
  /** Feature level 469: 100, 150 or 200 (% of the default height). */
  media_preview_size: number;
  /** Feature level 453 (giphy_rating before): an ID of gif_rating_policy_options. */
  gif_rating_policy: number;
  /** Feature level 212; null: the server's. */
  jitsi_server_url: string | null;
  /** An ID of Zulip's VIDEO_CHAT_PROVIDERS; 0: none. */
  video_chat_provider: number;
}

/** The columns PATCH /realm may change, each named as Zulip names the setting. */
export type RealmSettingColumn = Exclude<
  keyof RealmRow,
  'string_id' | 'date_created' | 'demo_seeded' | 'icon_source' | 'icon_version'
>;

/**
 * The organization's row, read again only after it changes: a send alone
 * asks for it three times. Frozen, since every caller shares it.
 */
export function getRealm(sql: Sql): Readonly<RealmRow> | undefined {
  return sql.rememberFrom('realm', 'row', () => {
    const row = sql.get<RealmRow>('SELECT * FROM realm WHERE id = 1');
    return row && Object.freeze(row);
  });
}

export function insertRealm(sql: Sql, realm: { name: string; dateCreated: number }): void {
  sql.run(
    "INSERT INTO realm (id, name, string_id, date_created) VALUES (1, :name, '', :dateCreated)",
    realm,
  );
}

export function markDemoSeeded(sql: Sql): void {
  sql.run('UPDATE realm SET demo_seeded = 1 WHERE id = 1');
}

/** Gives the organization its UUID, once: a UUID already drawn stays. */
export function setRealmUuid(sql: Sql, uuid: string): void {
  sql.run('UPDATE realm SET uuid = ? WHERE uuid IS NULL', [uuid]);
}

export function setNotificationsStream(sql: Sql, streamId: number | null): void {
  sql.run('UPDATE realm SET notifications_stream_id = ? WHERE id = 1', [streamId]);
}

export function setRealmSettings(
  sql: Sql,
  changes: Partial<Record<RealmSettingColumn, string | number | null>>,
): void {
  const columns = Object.keys(changes);
  if (columns.length === 0) return;
  // Column names come from RealmSettingColumn, never from the request.
  const assignments = columns.map((column) => `${column} = :${column}`).join(', ');
  sql.run(`UPDATE realm SET ${assignments} WHERE id = 1`, changes);
}

export interface RealmIconRow {
  content_type: string;
  data: Buffer;
}

export function realmIcon(sql: Sql): RealmIconRow | undefined {
  return sql.get<RealmIconRow>('SELECT content_type, data FROM realm_icon WHERE id = 1');
}

/** Keeps `icon` as the organization's (or, given null, goes back to the drawn one) under a new version. */
export function setRealmIcon(sql: Sql, icon: RealmIconRow | null): void {
  if (icon) {
    sql.run(
      `INSERT INTO realm_icon (id, content_type, data) VALUES (1, :content_type, :data)
       ON CONFLICT (id) DO UPDATE SET content_type = excluded.content_type, data = excluded.data`,
      icon,
    );
  } else {
    sql.run('DELETE FROM realm_icon WHERE id = 1');
  }
  sql.run('UPDATE realm SET icon_source = ?, icon_version = icon_version + 1 WHERE id = 1', [
    icon ? 'U' : 'G',
  ]);
}
