import { settingsWithDefaults } from './userSettings';
import type { Sql } from './sql';

/**
 * Zulip's UserProfile.AUTOMATICALLY_CHANGE_VISIBILITY_POLICY_CHOICES (feature
 * level 214): on participation (sending, reacting, voting in a poll), on
 * sending, on starting the topic, or never.
 */
export const AutomaticPolicy = {
  onParticipation: 1,
  onSend: 2,
  onInitiation: 3,
  never: 4,
} as const;

export const automaticPolicyChoices: readonly number[] = Object.values(AutomaticPolicy);

/** The user settings Zulip added for followed topics (feature levels 189, 214 and 235). */
export interface FollowedTopicSettings {
  enable_followed_topic_desktop_notifications: boolean;
  enable_followed_topic_email_notifications: boolean;
  enable_followed_topic_push_notifications: boolean;
  enable_followed_topic_audible_notifications: boolean;
  enable_followed_topic_wildcard_mentions_notify: boolean;
  automatically_follow_topics_policy: number;
  automatically_unmute_topics_in_muted_streams_policy: number;
  automatically_follow_topics_where_mentioned: boolean;
}

// Zulip 12's UserBaseSettings defaults, for every account that never chose:
// a user follows the topics they start and, in a muted channel, unmutes those
// they send to.
export const followedTopicSettingDefaults: Readonly<FollowedTopicSettings> = {
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_email_notifications: true,
  enable_followed_topic_push_notifications: true,
  enable_followed_topic_audible_notifications: true,
  enable_followed_topic_wildcard_mentions_notify: true,
  automatically_follow_topics_policy: AutomaticPolicy.onInitiation,
  automatically_unmute_topics_in_muted_streams_policy: AutomaticPolicy.onSend,
  automatically_follow_topics_where_mentioned: true,
};

export function followedTopicSettingsOf(sql: Sql, userId: number): FollowedTopicSettings {
  return settingsWithDefaults(sql, userId, followedTopicSettingDefaults);
}
