import type { Services } from '../services';
import { toWireStream, toWireSubscription } from '../shape/streams';
import { toWireUser } from '../shape/users';
import {
  customProfileFieldTypes,
  profileDataByUser,
  profileDataField,
} from '../shape/profileFields';
import { customProfileFieldsState } from '../actions/customProfileFields';
import { allProfileFieldValues } from '../store/customProfileFields';
import { getRealm, type RealmRow } from '../store/realm';
import { mutedTopicsState, userTopicsState } from '../actions/topicVisibility';
import { Policy } from '../actions/policy';
import { availableNotificationSounds } from '../actions/updateNotificationSettings';
import { allStreams, defaultStreams, publicStreams, streamsSubscribedBy } from '../store/streams';
import { notificationSettingsOf } from '../store/userSettings';
import { streamSubscriptionsOfUser, subscriberIds } from '../store/subscriptions';
import { maxMessageIdOf, starredMessageIds } from '../store/userMessages';
import { allUsers, Role, type UserRow } from '../store/users';
import { ZULIP_FEATURE_LEVEL, ZULIP_VERSION } from '../version';

export interface StateOptions {
  clientGravatar: boolean;
  includeSubscribers: boolean;
}

type StateFetcher = (
  services: Services,
  user: UserRow,
  options: StateOptions,
) => Record<string, unknown>;

// Zulip 7.0's realm settings for editing and moving messages. Moving between
// streams is not offered by Hearth, which is Zulip's policy "nobody".
function editSettings(realm: RealmRow | undefined): Record<string, unknown> {
  return {
    realm_allow_message_editing: realm?.allow_message_editing !== 0,
    realm_message_content_edit_limit_seconds: realm?.message_content_edit_limit_seconds ?? null,
    realm_edit_topic_policy: realm?.edit_topic_policy ?? Policy.everyone,
    realm_move_messages_within_stream_limit_seconds:
      realm?.move_messages_within_stream_limit_seconds ?? null,
    realm_move_messages_between_streams_policy: Policy.nobody,
    realm_allow_edit_history: realm?.allow_edit_history !== 0,
    // Deleting is for administrators only (Zulip's delete_own_message_policy default).
    realm_delete_own_message_policy: Policy.admins,
    realm_message_content_delete_limit_seconds: null,
  };
}

// One fetcher per event type, as in Zulip's fetch_initial_state_data: a client
// that asks for a type gets the state that the type's events then keep current.
const fetchers: Record<string, StateFetcher> = {
  message: ({ sql }, user) => ({ max_message_id: maxMessageIdOf(sql, user.id) }),

  // Kept current by update_message_flags (flag `starred`) and delete_message events.
  starred_messages: ({ sql }, user) => ({ starred_messages: starredMessageIds(sql, user.id) }),

  subscription: ({ sql }, user, options) => ({
    subscriptions: streamSubscriptionsOfUser(sql, user.id).map((row) =>
      toWireSubscription(
        row,
        options.includeSubscribers ? subscriberIds(sql, row.recipient_id) : undefined,
      ),
    ),
    unsubscribed: [],
    never_subscribed: [],
  }),

  // Zulip's do_get_streams: administrators see every stream, others the
  // public ones and those they are in.
  stream: ({ sql }, user) => {
    const visible = new Map(
      (user.role <= Role.admin
        ? allStreams(sql)
        : [...publicStreams(sql), ...streamsSubscribedBy(sql, user.id)]
      ).map((row) => [row.id, row]),
    );
    return {
      streams: [...visible.values()].sort((a, b) => a.id - b.id).map(toWireStream),
    };
  },

  default_streams: ({ sql }) => ({ realm_default_streams: defaultStreams(sql).map(toWireStream) }),

  muted_topics: (services, user) => ({ muted_topics: mutedTopicsState(services, user) }),

  user_topic: (services, user) => ({ user_topics: userTopicsState(services, user) }),

  // The legacy top-level settings, kept current by update_global_notifications.
  update_global_notifications: ({ sql }, user) => ({
    ...notificationSettingsOf(sql, user.id),
    available_notification_sounds: [...availableNotificationSounds],
  }),

  user_settings: ({ sql }, user) => ({
    user_settings: {
      ...notificationSettingsOf(sql, user.id),
      available_notification_sounds: [...availableNotificationSounds],
    },
  }),

  custom_profile_fields: ({ sql }) => ({
    custom_profile_fields: customProfileFieldsState(sql),
    custom_profile_field_types: customProfileFieldTypes,
  }),

  // Zulip 7.0 gives every human in the register's user lists their profile_data.
  realm_user: ({ sql }, user, options) => {
    const users = allUsers(sql);
    const profileData = profileDataByUser(allProfileFieldValues(sql));
    const wire = (row: UserRow) => ({
      ...toWireUser(row, { clientGravatar: options.clientGravatar }),
      ...profileDataField(row, profileData),
    });
    return {
      realm_users: users.filter((row) => row.is_active === 1).map(wire),
      realm_non_active_users: users.filter((row) => row.is_active !== 1).map(wire),
      user_id: user.id,
      email: user.email,
      delivery_email: user.email,
      full_name: user.full_name,
      is_admin: user.role <= Role.admin,
      is_owner: user.role === Role.owner,
      is_guest: user.role === Role.guest,
      avatar_url: wire(user).avatar_url,
    };
  },

  realm: ({ sql, realmUri }) => {
    const realm = getRealm(sql);
    return {
      realm_name: realm?.name ?? '',
      realm_description: realm?.description ?? '',
      realm_uri: realmUri(),
      realm_url: realmUri(),
      max_stream_name_length: 60,
      max_topic_length: 60,
      max_message_length: 10_000,
      realm_notifications_stream_id: realm?.notifications_stream_id ?? -1,
      ...editSettings(realm),
    };
  },
};

export const knownStateTypes = Object.keys(fetchers);

export function fetchInitialState(
  services: Services,
  user: UserRow,
  types: readonly string[] | null,
  options: StateOptions,
): Record<string, unknown> {
  const wanted = types ?? knownStateTypes;
  const state: Record<string, unknown> = {
    zulip_version: ZULIP_VERSION,
    zulip_feature_level: ZULIP_FEATURE_LEVEL,
    zulip_merge_base: ZULIP_VERSION,
  };
  for (const type of wanted) Object.assign(state, fetchers[type]?.(services, user, options));
  return state;
}
