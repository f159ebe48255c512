/**
 * The Zulip releases an export is written for. Zulip's importer hands every
 * field of a row to its model, so a field the target's model lacks aborts the
 * import, and one it requires must be there: the rows differ by release.
 * docs/zulip-export-format.md says where each difference comes from.
 */
export const zulipVersions = [9, 10, 11, 12] as const;
export type ZulipVersion = (typeof zulipVersions)[number];

// Zulip's current release (12.0, feature level 498), which the host speaks too.
export const defaultZulipVersion: ZulipVersion = 12;

export interface TargetTraits {
  /** The release itself, for the user settings each release's UserProfile first has. */
  release: ZulipVersion;
  /** DirectMessageGroup.group_size: NOT NULL from 10.0, and not computed by the importer. */
  groupSize: boolean;
  /** Attachment.content_type, a key the 10.0 importer reads directly. */
  attachmentContentType: boolean;
  /** Realm.moderation_request_channel, a key the 10.0 importer reads directly. */
  moderationRequestChannel: boolean;
  /** Stream.folder (channel folders), a key the 11.0 importer reads directly. */
  streamFolder: boolean;
  /** Stream.stream_post_policy, replaced by can_send_message_group after 9.x. */
  streamPostPolicy: boolean;
  /**
   * Message.is_channel_message (migration 0690), whose default of true would
   * mark every direct message as a channel message, and DM_TOPIC, the topic
   * Zulip stores on direct messages from the same release.
   */
  channelMessageFlag: boolean;
  /**
   * The organization's user groups and every permission as a foreign key to
   * one (zerver_usergroup and beside it): the 12.0 importer reads each of its
   * realm's and channels' group settings directly once groups are exported,
   * and the host's settings name only what 12.0 has.
   */
  groupSettings: boolean;
  /** zerver_channelfolder and zerver_savedsnippet, exported alongside the groups. */
  foldersAndSnippets: boolean;
  /**
   * ScheduledMessage.request_timestamp, a date the 12.0 importer converts
   * directly, beside the reminder fields of the same model.
   */
  scheduledMessageRequestTime: boolean;
  /** Stream.topics_policy, written so that the rows say whether a channel allows general chat. */
  topicsPolicy: boolean;
  /** CustomProfileField.editable_by_user, from 10.0 (feature level 296). */
  profileFieldEditableByUser: boolean;
  /** CustomProfileField.use_for_user_matching, from 12.0 (feature level 455). */
  profileFieldUserMatching: boolean;
  /**
   * Realm.message_edit_history_visibility_policy, which replaced
   * allow_edit_history in 10.0 (feature level 358): the model has one or the other.
   */
  editHistoryVisibility: boolean;
  /** Realm.enable_guest_user_dm_warning, from 10.0 (feature level 348). */
  guestDmWarning: boolean;
  /** Realm.require_e2ee_push_notifications, from 11.0 (feature level 409). */
  e2eePushSetting: boolean;
  /** Realm.send_channel_events_messages, from 12.0 (feature level 434). */
  channelEventsMessages: boolean;
  /** zerver_navigationview, which the importer reads from 11.0 (feature level 390). */
  navigationViews: boolean;
  /** RealmFilter.example_input and reverse_template, from 12.0 (feature level 471). */
  linkifierExamples: boolean;
  /** The empty topic, general chat, from 10.0 (feature level 334). */
  emptyTopicName: boolean;
  /**
   * zerver_userpresence with last_update_id, beside zerver_presencesequence,
   * as the 12.0 importer reads them.
   */
  presence: boolean;
}

export function targetTraits(version: ZulipVersion): TargetTraits {
  return {
    release: version,
    groupSize: version >= 10,
    attachmentContentType: version >= 10,
    moderationRequestChannel: version >= 10,
    streamFolder: version >= 11,
    streamPostPolicy: version === 9,
    channelMessageFlag: version >= 11,
    groupSettings: version >= 12,
    foldersAndSnippets: version >= 12,
    scheduledMessageRequestTime: version >= 12,
    topicsPolicy: version >= 12,
    profileFieldEditableByUser: version >= 10,
    profileFieldUserMatching: version >= 12,
    editHistoryVisibility: version >= 10,
    guestDmWarning: version >= 10,
    e2eePushSetting: version >= 11,
    channelEventsMessages: version >= 12,
    navigationViews: version >= 11,
    linkifierExamples: version >= 12,
    emptyTopicName: version >= 10,
    presence: version >= 12,
  };
}

export function isZulipVersion(value: number): value is ZulipVersion {
  return (zulipVersions as readonly number[]).includes(value);
}
