import type {
  ChannelFolder,
  CustomProfileField,
  LegacyPresence,
  ModernPresence,
  RealmBot,
  Stream,
  Subscription,
  UnreadMsgs,
  User,
  UserGroup,
} from '.';
import type { ServerDraft } from './drafts';
import type { SavedSnippet } from './savedSnippets';
import type { ClientDevices } from './clientDevices';
import type { NavigationView } from './navigationViews';
import type { MutedUser } from './mutedUsers';
import type { ScheduledMessage } from './scheduledMessages';
import type { Reminder } from './reminders';
import type { UserStatuses } from './userStatus';

// The shape of the state that /register answers and events keep current, as
// the host builds it and every client of it (the reducer, the permissions,
// the client's session) reads it.

/** A stream the user could join but never did, as `never_subscribed` lists it. */
export type NeverSubscribed = Stream & { stream_weekly_traffic: null; subscribers?: number[] };

export interface UserTopic {
  stream_id: number;
  topic_name: string;
  last_updated: number;
  visibility_policy: number;
}

export type Presences = Record<string, LegacyPresence | ModernPresence>;

/** One of `recent_private_conversations`: a direct-message conversation and its newest message. */
export interface RecentConversation {
  max_message_id: number;
  /** Everyone in it but the user, ascending; empty for the user's conversation with themselves. */
  user_ids: number[];
}

/** The part of a /register response that events keep current. */
export type InitialState = Record<string, unknown> & {
  user_id?: number;
  full_name?: string;
  is_admin?: boolean;
  is_guest?: boolean;
  max_message_id?: number;
  recent_private_conversations?: RecentConversation[];
  starred_messages?: number[];
  unread_msgs?: UnreadMsgs;
  subscriptions?: Subscription[];
  unsubscribed?: Subscription[];
  never_subscribed?: NeverSubscribed[];
  streams?: Stream[];
  realm_users?: User[];
  realm_non_active_users?: User[];
  realm_user_groups?: UserGroup[];
  channel_folders?: ChannelFolder[];
  realm_bots?: RealmBot[];
  custom_profile_fields?: CustomProfileField[];
  user_topics?: UserTopic[];
  muted_topics?: [string, string, number][];
  presences?: Presences;
  user_settings?: Record<string, unknown>;
  alert_words?: string[];
  user_status?: UserStatuses;
  muted_users?: MutedUser[];
  scheduled_messages?: ScheduledMessage[];
  reminders?: Reminder[];
  drafts?: ServerDraft[];
  saved_snippets?: SavedSnippet[];
  devices?: ClientDevices;
  navigation_views?: NavigationView[];
};
