import { z } from 'zod';

// The rows Zulip's `manage.py import` reads, as docs/zulip-export-format.md
// describes them, for one target release. Objects are strict because the
// importer hands every field of a row to its Django model: a field the model
// lacks aborts the import, and a field the importer reads directly must be
// there even when null.

const id = z.number().int().positive();
const fk = id;
const nullableFk = id.nullable();
// Unix seconds: the importer converts them with fromtimestamp.
const seconds = z.number().int().min(946_684_800).max(4_102_444_800);

// Zulip 12.0's Realm.REALM_PERMISSION_GROUP_SETTINGS, each a foreign key to a
// user group that the importer renumbers and reads directly once groups are exported.
const realmGroupSettings = [
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
  'workplace_users_group',
] as const;
// Stream.stream_permission_group_settings.
const channelGroupSettings = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_create_topic_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_remove_subscribers_group',
  'can_resolve_topics_group',
  'can_send_message_group',
  'can_subscribe_group',
] as const;
// NamedUserGroup.GROUP_PERMISSION_SETTINGS.
const userGroupSettings = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;

export const groupSettingNames = {
  realm: realmGroupSettings,
  channel: channelGroupSettings,
  userGroup: userGroupSettings,
};

const foreignKeys = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, fk])) as Record<string, typeof fk>;

export type ZulipTarget = 9 | 10 | 11 | 12;

export function zulipImportFormat(version: ZulipTarget) {
  const when = <T extends object>(present: boolean, shape: T) => (present ? shape : {});

  const realm = z.strictObject({
    id,
    name: z.string(),
    string_id: z.string(),
    description: z.string(),
    date_created: seconds,
    deactivated: z.literal(false),
    uuid: z.uuid(),
    new_stream_announcements_stream: nullableFk,
    signup_announcements_stream: nullableFk,
    zulip_update_announcements_stream: nullableFk,
    ...when(version >= 10, { moderation_request_channel: nullableFk }),
    // Zulip 11's Realm.topics_policy: allow (2) or disable (3) general chat.
    ...when(version >= 12, { topics_policy: z.union([z.literal(2), z.literal(3)]) }),
    default_language: z.string().min(1),
    allow_message_editing: z.boolean(),
    message_content_edit_limit_seconds: z.number().int().nullable(),
    move_messages_within_stream_limit_seconds: z.number().int().nullable(),
    move_messages_between_streams_limit_seconds: z.number().int().nullable(),
    message_content_delete_limit_seconds: z.number().int().nullable(),
    // Zulip 10 replaced allow_edit_history with the policy (feature level 358): 1 all, 2 moves, 3 none.
    ...when(version === 9, { allow_edit_history: z.boolean() }),
    ...when(version >= 10, {
      message_edit_history_visibility_policy: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    }),
    enable_read_receipts: z.boolean(),
    require_unique_names: z.boolean(),
    enable_guest_user_indicator: z.boolean(),
    ...when(version >= 10, { enable_guest_user_dm_warning: z.boolean() }),
    ...when(version >= 11, { require_e2ee_push_notifications: z.boolean() }),
    ...when(version >= 12, { send_channel_events_messages: z.boolean() }),
    // Realm.GIPHY_RATING_OPTIONS and VIDEO_CHAT_PROVIDERS.
    giphy_rating: z.number().int().min(0).max(5),
    video_chat_provider: z.literal([0, 1, 3, 4, 5]),
    jitsi_server_url: z.url().nullable(),
    icon_source: z.enum(['G', 'U']),
    icon_version: z.number().int(),
    ...when(version >= 12, foreignKeys(realmGroupSettings)),
  });

  const carriedSetting = z.union([z.boolean(), z.number(), z.string()]).optional();
  const userProfile = z.strictObject({
    id,
    realm: fk,
    email: z.string(),
    delivery_email: z.string(),
    full_name: z.string().min(1).max(100),
    role: z.union([z.literal(100), z.literal(200), z.literal(300), z.literal(400), z.literal(600)]),
    is_active: z.boolean(),
    is_bot: z.boolean(),
    bot_type: z.number().int().min(1).max(4).nullable(),
    bot_owner: nullableFk,
    is_mirror_dummy: z.literal(false),
    timezone: z.string(),
    date_joined: seconds,
    last_login: seconds.nullable(),
    last_reminder: seconds.nullable(),
    last_active_message_id: nullableFk,
    default_sending_stream: nullableFk,
    default_events_register_stream: nullableFk,
    default_all_public_streams: z.boolean(),
    avatar_source: z.literal('G'),
    groups: z.array(z.never()),
    user_permissions: z.array(z.never()),
    translate_emoticons: z.boolean(),
    twenty_four_hour_time: carriedSetting,
    color_scheme: carriedSetting,
    enter_sends: carriedSetting,
    default_language: carriedSetting,
    emojiset: carriedSetting,
    left_side_userlist: carriedSetting,
    starred_message_counts: carriedSetting,
    fluid_layout_width: carriedSetting,
    demote_inactive_streams: carriedSetting,
    user_list_style: carriedSetting,
    display_emoji_reaction_users: carriedSetting,
    enable_drafts_synchronization: carriedSetting,
    send_private_typing_notifications: carriedSetting,
    send_stream_typing_notifications: carriedSetting,
    send_read_receipts: carriedSetting,
    presence_enabled: carriedSetting,
    email_address_visibility: carriedSetting,
    enable_marketing_emails: carriedSetting,
    email_notifications_batching_period_seconds: carriedSetting,
    web_mark_read_on_scroll_policy: carriedSetting,
    enable_stream_desktop_notifications: carriedSetting,
    enable_stream_email_notifications: carriedSetting,
    enable_stream_push_notifications: carriedSetting,
    enable_stream_audible_notifications: carriedSetting,
    notification_sound: z.literal('none').optional(),
    enable_desktop_notifications: carriedSetting,
    enable_sounds: carriedSetting,
    enable_offline_email_notifications: carriedSetting,
    enable_offline_push_notifications: carriedSetting,
    enable_online_push_notifications: carriedSetting,
    enable_digest_emails: carriedSetting,
    enable_login_emails: carriedSetting,
    message_content_in_email_notifications: carriedSetting,
    pm_content_in_desktop_notifications: carriedSetting,
    wildcard_mentions_notify: carriedSetting,
    desktop_icon_count_display: carriedSetting,
    web_home_view: carriedSetting,
    web_escape_navigates_to_home_view: carriedSetting,
    web_stream_unreads_count_display_policy: carriedSetting,
    web_font_size_px: carriedSetting,
    web_line_height_percent: carriedSetting,
    receives_typing_notifications: carriedSetting,
    web_navigate_to_sent_message: carriedSetting,
    web_animate_image_previews: carriedSetting,
    enable_followed_topic_desktop_notifications: carriedSetting,
    enable_followed_topic_email_notifications: carriedSetting,
    enable_followed_topic_push_notifications: carriedSetting,
    enable_followed_topic_audible_notifications: carriedSetting,
    enable_followed_topic_wildcard_mentions_notify: carriedSetting,
    automatically_follow_topics_policy: carriedSetting,
    automatically_unmute_topics_in_muted_streams_policy: carriedSetting,
    automatically_follow_topics_where_mentioned: carriedSetting,
    // UserProfile fields of later releases: feature levels 293, 329 and 350 (10.0)…
    ...when(version >= 10, {
      allow_private_data_export: carriedSetting,
      web_suggest_update_timezone: carriedSetting,
      hide_ai_features: carriedSetting,
    }),
    // …269 with 383 and 401, 398 and 411 (11.0), and 431 (12.0).
    ...when(version >= 11, {
      web_channel_default_view: carriedSetting,
      web_left_sidebar_unreads_count_summary: carriedSetting,
      web_left_sidebar_show_channel_folders: carriedSetting,
      // always 1, except_followed 2, never 3 (feature level 385).
      resolved_topic_notice_auto_read_policy: z.literal([1, 2, 3]).optional(),
    }),
    ...when(version >= 12, { web_inbox_show_channel_folders: carriedSetting }),
  });

  const stream = z.strictObject({
    id,
    realm: fk,
    name: z.string().min(1).max(60),
    description: z.string().max(1024),
    date_created: seconds,
    invite_only: z.boolean(),
    history_public_to_subscribers: z.boolean(),
    is_web_public: z.boolean(),
    deactivated: z.boolean(),
    message_retention_days: z.number().int().nullable(),
    creator: nullableFk,
    ...when(version === 11, { folder: z.null() }),
    ...when(version >= 12, {
      folder: nullableFk,
      topics_policy: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
      ...foreignKeys(channelGroupSettings),
    }),
    ...when(version === 9, { stream_post_policy: z.union([z.literal(1), z.literal(2)]) }),
  });

  const huddle = z.strictObject({
    id,
    ...when(version >= 10, { group_size: z.number().int().min(3) }),
  });
  const recipient = z.strictObject({
    id,
    type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    type_id: id,
  });
  const optionalFlag = z.boolean().nullable();
  const subscription = z.strictObject({
    id,
    user_profile: fk,
    recipient: fk,
    active: z.boolean(),
    is_muted: z.boolean(),
    color: z.string().regex(/^#[0-9a-f]{6}$/i),
    pin_to_top: z.boolean(),
    desktop_notifications: optionalFlag,
    audible_notifications: optionalFlag,
    push_notifications: optionalFlag,
    email_notifications: optionalFlag,
    wildcard_mentions_notify: optionalFlag,
  });
  const empty = z.array(z.never());

  const realmJson = z.strictObject({
    import_source: z.literal('hearth'),
    zerver_realm: z.tuple([realm]),
    zerver_client: z.array(z.strictObject({ id, name: z.string().min(1) })),
    zerver_userprofile: z.array(userProfile),
    zerver_userprofile_mirrordummy: empty,
    zerver_userprofile_crossrealm: z.array(
      z.strictObject({ email: z.string().endsWith('@zulip.com'), id, recipient_id: fk }),
    ),
    zerver_stream: z.array(stream),
    zerver_huddle: z.array(huddle),
    zerver_recipient: z.array(recipient),
    zerver_subscription: z.array(subscription),
    zerver_defaultstream: z.array(z.strictObject({ id, realm: fk, stream: fk })),
    zerver_usertopic: z.array(
      z.strictObject({
        id,
        user_profile: fk,
        stream: fk,
        recipient: fk,
        // Zulip 10 and later keep general chat as the empty topic (feature level 334).
        topic_name: z
          .string()
          .min(version >= 10 ? 0 : 1)
          .max(60),
        visibility_policy: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        last_updated: seconds,
      }),
    ),
    zerver_customprofilefield: z.array(
      z.strictObject({
        id,
        realm: fk,
        name: z.string().min(1).max(40),
        hint: z.string().max(80),
        field_type: z.number().int().min(1).max(8),
        field_data: z.string(),
        order: z.number().int(),
        display_in_profile_summary: z.boolean(),
        required: z.boolean(),
        ...when(version >= 10, { editable_by_user: z.boolean() }),
        ...when(version >= 12, { use_for_user_matching: z.boolean() }),
      }),
    ),
    zerver_customprofilefieldvalue: z.array(
      z.strictObject({
        id,
        user_profile: fk,
        field: fk,
        value: z.string(),
        rendered_value: z.string().nullable(),
      }),
    ),
    zerver_alertword: z.array(
      z.strictObject({ id, realm: fk, user_profile: fk, word: z.string().min(1).max(100) }),
    ),
    zerver_muteduser: z.array(
      z.strictObject({ id, user_profile: fk, muted_user: fk, date_muted: seconds }),
    ),
    zerver_service: z.array(
      z.strictObject({
        id,
        user_profile: fk,
        name: z.string().min(1).max(100),
        base_url: z.string(),
        token: z.string().length(32),
        interface: z.union([z.literal(1), z.literal(2)]),
      }),
    ),
    zerver_realmauthenticationmethod: z.array(
      z.strictObject({ id, realm: fk, name: z.literal('Email') }),
    ),
    zerver_realmdomain: empty,
    zerver_realmemoji: z.array(
      z.strictObject({
        id,
        realm: fk,
        author: nullableFk,
        name: z.string().regex(/^[0-9a-z_-]*[0-9a-z]$/),
        file_name: z.string().regex(/^[\w-]+\.(png|jpg|gif|webp)$/),
        deactivated: z.boolean(),
        is_animated: z.boolean(),
      }),
    ),
    zerver_reaction: z.array(
      z.strictObject({
        id,
        message: fk,
        user_profile: fk,
        emoji_name: z.string().min(1),
        emoji_code: z.string().min(1),
        reaction_type: z.enum(['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji']),
      }),
    ),
    zerver_userstatus: z.array(
      z.strictObject({
        id,
        user_profile: fk,
        timestamp: seconds,
        client: fk,
        status_text: z.string().max(60),
        emoji_name: z.string(),
        emoji_code: z.string(),
        reaction_type: z.enum(['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji']),
      }),
    ),
    // Those still to be sent; read_by_sender has no default in Zulip's model.
    zerver_scheduledmessage: z.array(
      z.strictObject({
        id,
        sender: fk,
        recipient: fk,
        subject: z.string().max(60),
        content: z.string().min(1),
        rendered_content: z.string(),
        sending_client: fk,
        stream: nullableFk,
        realm: fk,
        scheduled_timestamp: seconds,
        read_by_sender: z.boolean(),
        delivered: z.literal(false),
        delivered_message: z.null(),
        has_attachment: z.boolean(),
        failed: z.boolean(),
        failure_message: z.string().nullable(),
        // SEND_LATER (1); Zulip 11's reminders (2) only where the importer reads them.
        delivery_type: version >= 12 ? z.union([z.literal(1), z.literal(2)]) : z.literal(1),
        ...when(version >= 12, {
          request_timestamp: seconds,
          reminder_target_message_id: nullableFk,
          reminder_note: z.string().nullable(),
        }),
      }),
    ),
    // Zulip 8.0's models: linkifiers in an order, playgrounds with a template.
    zerver_realmfilter: z.array(
      z.strictObject({
        id,
        realm: fk,
        pattern: z.string().min(1),
        url_template: z.string().min(1),
        order: z.number().int().nonnegative(),
        ...when(version >= 12, {
          example_input: z.string().nullable(),
          reverse_template: z.string().nullable(),
        }),
      }),
    ),
    zerver_realmplayground: z.array(
      z.strictObject({
        id,
        realm: fk,
        name: z.string().min(1),
        pygments_language: z.string().max(40),
        url_template: z.string().includes('{code}'),
      }),
    ),
    zerver_botstoragedata: z.array(
      z.strictObject({ id, bot_profile: fk, key: z.string(), value: z.string() }),
    ),
    // The importer converts `timestamp` with the other dates.
    zerver_onboardingstep: z.array(
      z.strictObject({
        id,
        user: fk,
        onboarding_step: z.string().min(1).max(40),
        timestamp: seconds,
      }),
    ),
    ...when(version >= 11, {
      zerver_navigationview: z.array(
        z.strictObject({
          id,
          user: fk,
          fragment: z.string().min(1),
          is_pinned: z.boolean(),
          name: z.string().min(1).nullable(),
        }),
      ),
    }),
    ...when(version < 12, { zerver_userpresence: empty }),
    // Zulip 12's presence, each time converted as a date (feature level 263's update IDs).
    ...when(version >= 12, {
      zerver_userpresence: z.array(
        z.strictObject({
          id,
          user_profile: fk,
          realm: fk,
          last_active_time: seconds,
          last_connected_time: seconds,
          last_update_id: z.number().int().nonnegative(),
        }),
      ),
      zerver_presencesequence: z.tuple([
        z.strictObject({ id, realm: fk, last_update_id: z.number().int().nonnegative() }),
      ]),
    }),
    zerver_useractivity: empty,
    zerver_useractivityinterval: empty,
    ...when(version >= 12, {
      zerver_channelfolder: z.array(
        z.strictObject({
          id,
          realm: fk,
          name: z.string().min(1).max(60),
          description: z.string().max(1024),
          rendered_description: z.string(),
          order: z.number().int(),
          date_created: seconds,
          creator: nullableFk,
          is_archived: z.boolean(),
        }),
      ),
      zerver_savedsnippet: z.array(
        z.strictObject({
          id,
          realm: fk,
          user_profile: fk,
          title: z.string().min(1).max(60),
          content: z.string().min(1),
          date_created: seconds,
        }),
      ),
      // Every group, named or anonymous: the importer makes none of its own once these are here.
      zerver_usergroup: z.array(z.strictObject({ id, realm: fk })).min(8),
      zerver_namedusergroup: z.array(
        z.strictObject({
          id,
          usergroup_ptr: fk,
          realm_for_sharding: fk,
          name: z.string().min(1).max(100),
          description: z.string(),
          is_system_group: z.boolean(),
          creator: nullableFk,
          date_created: seconds.nullable(),
          deactivated: z.boolean(),
          ...foreignKeys(userGroupSettings),
        }),
      ),
      zerver_usergroupmembership: z.array(z.strictObject({ id, user_group: fk, user_profile: fk })),
      zerver_groupgroupmembership: z.array(z.strictObject({ id, supergroup: fk, subgroup: fk })),
    }),
  });

  const editEntry = z.strictObject({
    user_id: id,
    timestamp: seconds,
    prev_content: z.string().optional(),
    prev_rendered_content: z.string().optional(),
    prev_rendered_content_version: z.number().int().optional(),
    prev_topic: z.string().optional(),
    topic: z.string().optional(),
  });
  const message = z.strictObject({
    id,
    sender: fk,
    recipient: fk,
    sending_client: fk,
    realm: fk,
    subject: z.string().max(60),
    content: z.string().min(1),
    rendered_content: z.string().min(1),
    rendered_content_version: z.literal(1),
    date_sent: seconds,
    last_edit_time: seconds.nullable(),
    edit_history: z
      .string()
      .nullable()
      .refine(
        (text) => text === null || z.array(editEntry).min(1).safeParse(JSON.parse(text)).success,
      ),
    has_attachment: z.boolean(),
    has_image: z.boolean(),
    has_link: z.boolean(),
    ...when(version >= 11, { is_channel_message: z.boolean() }),
  });
  const messageFile = z.strictObject({
    zerver_message: z.array(message).min(1).max(1000),
    zerver_usermessage: z.array(
      z.strictObject({ id, user_profile: fk, message: fk, flags_mask: z.number().int().min(0) }),
    ),
  });

  const iconRecord = z.strictObject({
    realm_id: fk,
    path: z.string().regex(/^\d+\/icon\.(png|original)$/),
    s3_path: z.string(),
  });

  // Zulip's import_uploads for emoji: each image under its PATH_ID_TEMPLATE,
  // and its `.original`, both named by s3_path.
  const emojiRecord = z.strictObject({
    realm_id: fk,
    author: nullableFk,
    path: z.string().regex(/^\d+\/emoji\/images\/[\w-]+\.\w+(\.original)?$/),
    s3_path: z.string().min(1),
    file_name: z.string().min(1),
    name: z.string().min(1),
    deactivated: z.boolean(),
    content_type: z.string().regex(/^image\//),
  });

  const attachment = z.strictObject({
    id,
    owner: fk,
    realm: fk,
    file_name: z.string().min(1),
    path_id: z.string().regex(/^\d+\/[0-9a-f]{2}\/[\w-]+\/[^/]+$/),
    size: z.number().int().positive(),
    create_time: seconds,
    messages: z.array(id),
    scheduled_messages: z.array(id),
    ...when(version >= 10, { content_type: z.string().min(1) }),
  });
  const uploadRecord = z.strictObject({
    realm_id: fk,
    user_profile_id: fk,
    path: z.string().min(1),
    s3_path: z.string().min(1),
    size: z.number().int().positive(),
    last_modified: seconds,
    content_type: z.string().min(1),
  });

  return {
    realmJson,
    messageFile,
    attachmentJson: z.strictObject({ zerver_attachment: z.array(attachment) }),
    uploadRecords: z.array(uploadRecord),
    emptyRecords: empty,
    realmIconRecords: z.array(iconRecord).length(2),
    emojiRecords: z.array(emojiRecord).min(1),
  };
}

export type ImportFormat = ReturnType<typeof zulipImportFormat>;
export type RealmJson = z.infer<ImportFormat['realmJson']>;
export type MessageFile = z.infer<ImportFormat['messageFile']>;
export type AttachmentJson = z.infer<ImportFormat['attachmentJson']>;
export type UploadRecords = z.infer<ImportFormat['uploadRecords']>;
