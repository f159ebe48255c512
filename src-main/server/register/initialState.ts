import { alertWordsOf } from '../store/alertWords';
import type { Services } from '../services';
import { byStreamThenTopic } from '../../registerReads/userTopicOrder';
import { defaultStreamIds, toWireStream } from '../shape/streams';
import { customProfileFieldTypes } from '../shape/profileFields';
import { realmEmojiDicts } from '../shape/realmEmoji';
import { realmBotsState } from '../actions/botAccess';
import { customProfileFieldsState } from '../actions/customProfileFields';
import { onboardingStepsOf } from '../actions/onboardingSteps';
import { presenceResponse } from '../actions/presence';
import { mutedTopicsState, userTopicsState } from '../actions/topicVisibility';
import { userGroupsState } from '../queries/systemGroups';
import { draftsOf } from '../store/drafts';
import { savedSnippetsOf } from '../store/savedSnippets';
import { clientDevicesState } from '../actions/clientDevices';
import { channelFolders } from '../store/channelFolders';
import { allLinkifiers } from '../store/linkifiers';
import { navigationViewsOf } from '../store/navigationViews';
import { playgroundsForApi } from '../actions/playgrounds';
import { mutesOf } from '../store/mutedUsers';
import { allRealmEmoji } from '../store/realmEmoji';
import { allStreams, streamsSubscribedBy } from '../store/streams';
import { seesUnsubscribed } from '../queries/streamAccess';
import { maxMessageIdOf, starredMessageIds } from '../store/userMessages';
import { Role, type UserRow } from '../store/users';
import { ZULIP_FEATURE_LEVEL, ZULIP_VERSION } from '../version';
import { incomingWebhookBotsState } from './incomingWebhookBotsState';
import { realmState } from './realmState';
import { realmUserState } from './realmUserState';
import { recentConversationsState } from './recentConversationsState';
import { userSettingsState } from './settingsState';
import { subscriptionState } from './subscriptionState';
import { unreadMsgsState } from './unreadState';
import { userStatusState } from './userStatusState';
import { remindersState } from './remindersState';
import { scheduledMessagesState } from './scheduledMessagesState';
import { defaultEmptyTopicName } from '../../permissions/topicsPolicy';

// Zulip 10 (feature level 334): a client without the empty_topic_name
// capability reads the empty topic by its display name.
const topicShown = (topic: string): string => (topic === '' ? defaultEmptyTopicName : topic);
import type { StateOptions } from './stateOptions';

type Want = (type: string) => boolean;

interface Fetcher {
  /** The event types whose events keep this state current; all must be wanted. */
  types: readonly string[];
  /** Fetched only when this is true of what the client asked for. */
  when?: (want: Want, all: boolean, options: StateOptions) => boolean;
  fetch(services: Services, user: UserRow, options: StateOptions): Record<string, unknown>;
}

// Zulip's fetch_initial_state_data: a client that asks for a type gets the
// state that the type's events then keep current.
const fetchers: readonly Fetcher[] = [
  {
    types: ['message'],
    fetch: ({ sql }, user) => ({ max_message_id: maxMessageIdOf(sql, user.id) }),
  },
  {
    // Keeping unread_msgs current needs message events as well as flag changes.
    types: ['update_message_flags', 'message'],
    fetch: ({ sql }, user, options) => ({
      unread_msgs: unreadMsgsState(sql, user.id, {
        archivedChannels: options.archivedChannels === true,
        topicShown: options.emptyTopicName === true ? undefined : topicShown,
      }),
    }),
  },
  {
    types: ['starred_messages'],
    fetch: ({ sql }, user) => ({ starred_messages: starredMessageIds(sql, user.id) }),
  },
  {
    types: ['recent_private_conversations'],
    fetch: ({ sql }, user) => ({
      recent_private_conversations: recentConversationsState(sql, user.id),
    }),
  },
  {
    types: ['subscription'],
    fetch: ({ sql }, user, options) => ({
      ...subscriptionState(sql, user, options),
    }),
  },
  {
    // Zulip's do_get_streams: administrators see every stream, guests those
    // they are in, everyone else the public ones as well; archived ones only
    // to clients with the archived_channels capability.
    types: ['stream'],
    fetch: ({ sql }, user, options) => {
      const archived = options.archivedChannels ?? false;
      // Zulip 10 (feature level 356): every channel the user sees, as
      // GET /streams with include_all lists them.
      const subscribed = new Set(streamsSubscribedBy(sql, user.id, archived).map((row) => row.id));
      const seen = allStreams(sql, archived).filter(
        (row) => subscribed.has(row.id) || seesUnsubscribed(sql, user, row),
      );
      return {
        streams: seen.sort((a, b) => a.id - b.id).map((row) => toWireStream(sql, row)),
      };
    },
  },
  {
    // Zulip tells guests of no default streams.
    types: ['default_streams'],
    fetch: ({ sql }, user) => ({
      realm_default_streams: user.role === Role.guest ? [] : defaultStreamIds(sql),
    }),
  },
  {
    // Zulip 7.0 leaves out the legacy list for a client that named user_topic too.
    types: ['muted_topics'],
    when: (want, all) => all || !want('user_topic'),
    fetch: (services, user) => ({ muted_topics: mutedTopicsState(services, user) }),
  },
  {
    types: ['user_topic'],
    fetch: (services, user, options) => {
      const topics = userTopicsState(services, user);
      if (options.emptyTopicName === true) return { user_topics: topics };
      return {
        // Ordered under the names shown, as a client keeps them.
        user_topics: topics
          .map((row) => ({ ...row, topic_name: topicShown(row.topic_name) }))
          .sort(byStreamThenTopic),
      };
    },
  },
  {
    types: ['presence'],
    fetch: (services, _user, options) =>
      presenceResponse(services, {
        slim: options.slimPresence ?? false,
        historyLimitDays: options.presenceHistoryLimitDays,
      }),
  },
  {
    types: ['realm_emoji'],
    fetch: ({ sql }) => ({ realm_emoji: realmEmojiDicts(allRealmEmoji(sql)) }),
  },
  {
    types: ['user_status'],
    fetch: ({ sql }, user) => ({ user_status: userStatusState(sql, user) }),
  },
  {
    types: ['scheduled_messages'],
    fetch: ({ sql }, user) => ({ scheduled_messages: scheduledMessagesState(sql, user.id) }),
  },
  {
    types: ['reminders'],
    fetch: ({ sql }, user) => ({ reminders: remindersState(sql, user.id) }),
  },
  {
    types: ['alert_words'],
    fetch: ({ sql }, user) => ({ alert_words: alertWordsOf(sql, user.id) }),
  },
  {
    types: ['muted_users'],
    fetch: ({ sql }, user) => ({ muted_users: mutesOf(sql, user.id) }),
  },
  {
    // Zulip's MAX_DRAFTS_IN_REGISTER_RESPONSE; empty while synchronization is off.
    types: ['drafts'],
    fetch: ({ sql }, user) => ({ drafts: draftsOf(sql, user.id, 'newestFirst', 1000) }),
  },
  {
    types: ['saved_snippets'],
    fetch: ({ sql }, user) => ({ saved_snippets: savedSnippetsOf(sql, user.id) }),
  },
  {
    types: ['device'],
    fetch: ({ sql }, user) => ({ devices: clientDevicesState(sql, user.id) }),
  },
  {
    types: ['navigation_views'],
    fetch: ({ sql }, user) => ({ navigation_views: navigationViewsOf(sql, user.id) }),
  },
  {
    types: ['channel_folders'],
    fetch: ({ sql }) => ({ channel_folders: channelFolders(sql, true) }),
  },
  {
    types: ['realm_user_groups'],
    fetch: ({ sql }, _user, options) => ({
      realm_user_groups: userGroupsState(sql, options.includeDeactivatedGroups === true),
    }),
  },
  { types: ['user_settings'], fetch: userSettingsState },
  {
    // Zulip's navigation tour video (feature level 369) is a setting of a
    // server with none, as the host is.
    types: ['onboarding_steps'],
    fetch: ({ sql }, user) => ({
      onboarding_steps: onboardingStepsOf(sql, user),
      navigation_tour_video_url: null,
    }),
  },
  {
    types: ['custom_profile_fields'],
    fetch: ({ sql }) => ({
      custom_profile_fields: customProfileFieldsState(sql),
      custom_profile_field_types: customProfileFieldTypes,
    }),
  },
  { types: ['realm_user'], fetch: realmUserState },
  {
    types: ['realm_linkifiers'],
    fetch: ({ sql }, _user, options) => ({
      realm_linkifiers: options.linkifierUrlTemplate ? allLinkifiers(sql) : [],
    }),
  },
  // Zulip keeps the legacy key, always empty since feature level 176.
  { types: ['realm_filters'], fetch: () => ({ realm_filters: [] }) },
  {
    types: ['realm_playgrounds'],
    fetch: (services) => ({ realm_playgrounds: playgroundsForApi(services) }),
  },
  { types: ['realm_bot'], fetch: ({ sql }, user) => ({ realm_bots: realmBotsState(sql, user) }) },
  {
    types: ['realm_incoming_webhook_bots'],
    fetch: () => ({ realm_incoming_webhook_bots: incomingWebhookBotsState() }),
  },
  // The keys of the GIF pickers (GIPHY, Tenor since feature level 442, KLIPY
  // since 486), empty as on a Zulip server given none, and Zoom's token, which
  // no one has on a server without Zoom.
  { types: ['giphy'], fetch: () => ({ giphy_api_key: '' }) },
  { types: ['tenor'], fetch: () => ({ tenor_api_key: '' }) },
  { types: ['klipy'], fetch: () => ({ klipy_api_key: '' }) },
  { types: ['video_calls'], fetch: () => ({ has_zoom_token: false }) },
  { types: ['realm'], fetch: realmState },
];

export const knownStateTypes: readonly string[] = [
  ...new Set(fetchers.flatMap((fetcher) => fetcher.types)),
];

export function fetchInitialState(
  services: Services,
  user: UserRow,
  types: readonly string[] | null,
  options: StateOptions,
): Record<string, unknown> {
  const all = types === null;
  const wanted = new Set(types ?? knownStateTypes);
  const want: Want = (type) => wanted.has(type);
  // Every register answers with the version, whatever it asked for (Zulip since feature level 3).
  const state: Record<string, unknown> = {
    zulip_version: ZULIP_VERSION,
    zulip_feature_level: ZULIP_FEATURE_LEVEL,
    zulip_merge_base: ZULIP_VERSION,
  };
  for (const fetcher of fetchers) {
    if (!fetcher.types.every(want)) continue;
    if (fetcher.when && !fetcher.when(want, all, options)) continue;
    Object.assign(state, fetcher.fetch(services, user, options));
  }
  return state;
}
