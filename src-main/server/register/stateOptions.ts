// What a /register request asked for that changes the state's form, read
// by every builder of a part of it.
export interface StateOptions {
  clientGravatar: boolean;
  includeSubscribers: boolean;
  /** Presence keyed by user ID in the modern format (register's slim_presence). */
  slimPresence?: boolean;
  /** How many days of presence to send (register's presence_history_limit_days). */
  presenceHistoryLimitDays?: number | undefined;
  /** The linkifier_url_template capability: linkifiers are listed only to clients that read their templates. */
  linkifierUrlTemplate?: boolean;
  /** The archived_channels capability: archived channels are listed, marked is_archived. */
  archivedChannels?: boolean;
  /** The include_deactivated_groups capability: deactivated groups are listed only to clients that take them. */
  includeDeactivatedGroups?: boolean;
  /** The user_list_incomplete capability: people the reader may not see are left out rather than "Unknown user". */
  userListIncomplete?: boolean;
  /** The empty_topic_name capability: the empty topic as "" rather than its display name. */
  emptyTopicName?: boolean;
}
