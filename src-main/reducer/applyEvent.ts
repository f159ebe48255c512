import type { QueuedEvent } from '../wire';
import type { MutedUser } from '../wire/mutedUsers';
import type { InitialState, UserTopic } from '../wire/registerState';
import { applyRealmBotEvent } from './applyBotEvents';
import { applyChannelFolderEvent } from './applyChannelFolderEvent';
import { applyDraftsEvent, draftsAfterSetting } from './applyDraftsEvent';
import { applyPresenceEvent } from './applyPresenceEvent';
import { applyReactionEvent } from './applyReactionEvent';
import { applyCustomProfileFieldsEvent } from './applyProfileDataEvents';
import { applyRealmEvent } from './applyRealmEvent';
import { applyRealmUserEvent } from './applyRealmUserEvent';
import { applyRecentConversationsEvent } from './applyRecentConversationsEvent';
import { applySettingsEvent } from './applySettingsEvents';
import { applyStreamEvent, applySubscriptionEvent } from './applySubscriptionEvents';
import { applyUnreadEvent } from './applyUnreadEvents';
import { applyUserGroupEvent } from './applyUserGroupEvent';
import { applyUserTopicEvent } from './applyUserTopicEvent';
import { applyUserStatusEvent } from './applyUserStatusEvent';
import { applyRemindersEvent } from './applyRemindersEvent';
import { applyScheduledMessagesEvent } from './applyScheduledMessagesEvent';
import { applyDeviceEvent } from './applyDeviceEvent';
import { applySavedSnippetsEvent } from './applySavedSnippetsEvent';
import { applyNavigationViewEvent } from './applyNavigationViewEvent';
import { applyRealmEmojiEvent } from './applyRealmEmojiEvent';

export interface ApplyOptions {
  /** Whether the queue was registered with include_subscribers. */
  includeSubscribers: boolean;
  /** Whether it was registered with slim_presence. */
  slimPresence?: boolean;
  /** Whose state this is, when the state itself does not say (no `realm_user`). */
  userId?: number;
}

/**
 * What a client does with an event: the invariant held for every action is
 * that initial state plus the action's events equals a fresh initial state.
 * Pure, so that any client of the state can use it.
 */
export function applyEvent(
  state: InitialState,
  event: QueuedEvent,
  options: ApplyOptions = { includeSubscribers: false },
): InitialState {
  const next = applyToOwnState(state, event, options);
  const userId = state.user_id ?? options.userId;
  if (userId === undefined) return next;
  return applyRecentConversationsEvent(applyUnreadEvent(next, event, userId), event, userId);
}

function applyToOwnState(
  state: InitialState,
  event: QueuedEvent,
  options: ApplyOptions,
): InitialState {
  switch (event.type) {
    case 'message': {
      if (state.max_message_id === undefined) return state;
      const { id } = event.message as { id: number };
      return { ...state, max_message_id: Math.max(state.max_message_id, id) };
    }
    case 'update_message_flags':
      return applyFlagsEvent(state, event);
    case 'delete_message':
      return applyDeletionEvent(state, event);
    case 'subscription':
      return applySubscriptionEvent(state, event, options.includeSubscribers);
    case 'stream':
      return applyStreamEvent(state, event, options.includeSubscribers);
    case 'default_streams':
      return { ...state, realm_default_streams: event.default_streams };
    case 'muted_topics':
      if (!state.muted_topics) return state;
      return { ...state, muted_topics: event.muted_topics as [string, string, number][] };
    case 'user_topic':
      if (!state.user_topics) return state;
      return {
        ...state,
        user_topics: applyUserTopicEvent(state.user_topics, event as QueuedEvent & UserTopic),
      };
    case 'update_global_notifications':
    case 'update_display_settings':
      return applySettingsEvent(state, event);
    case 'user_settings': {
      const next = applySettingsEvent(state, event);
      return next.drafts ? { ...next, drafts: draftsAfterSetting(next.drafts, event) } : next;
    }
    case 'drafts':
      return state.drafts ? { ...state, drafts: applyDraftsEvent(state.drafts, event) } : state;
    case 'saved_snippets':
      if (!state.saved_snippets) return state;
      return { ...state, saved_snippets: applySavedSnippetsEvent(state.saved_snippets, event) };
    case 'device':
      return state.devices ? { ...state, devices: applyDeviceEvent(state.devices, event) } : state;
    case 'navigation_view':
      if (!state.navigation_views) return state;
      return {
        ...state,
        navigation_views: applyNavigationViewEvent(state.navigation_views, event),
      };
    case 'custom_profile_fields':
      return applyCustomProfileFieldsEvent(state, event);
    case 'realm':
      return applyRealmEvent(state, event);
    case 'realm_user':
      return applyRealmUserEvent(state, event);
    case 'realm_bot':
      return applyRealmBotEvent(state, event);
    case 'channel_folder':
      if (!state.channel_folders) return state;
      return { ...state, channel_folders: applyChannelFolderEvent(state.channel_folders, event) };
    case 'user_group':
      if (!state.realm_user_groups) return state;
      return { ...state, realm_user_groups: applyUserGroupEvent(state.realm_user_groups, event) };
    case 'alert_words':
      return state.alert_words === undefined
        ? state
        : { ...state, alert_words: event.alert_words as string[] };
    case 'muted_users':
      return state.muted_users === undefined
        ? state
        : { ...state, muted_users: event.muted_users as MutedUser[] };
    case 'realm_emoji':
      return state['realm_emoji'] === undefined
        ? state
        : { ...state, realm_emoji: applyRealmEmojiEvent(state['realm_emoji'], event) };
    case 'realm_linkifiers':
    case 'realm_playgrounds':
    case 'onboarding_steps':
      // Zulip sends the whole list on every change.
      return state[event.type] === undefined
        ? state
        : { ...state, [event.type]: event[event.type] };
    case 'reaction':
      return applyReactionEvent(state, event, state.user_id ?? options.userId);
    case 'scheduled_messages':
      if (!state.scheduled_messages) return state;
      return {
        ...state,
        scheduled_messages: applyScheduledMessagesEvent(state.scheduled_messages, event),
      };
    case 'reminders':
      if (!state.reminders) return state;
      return { ...state, reminders: applyRemindersEvent(state.reminders, event) };
    case 'user_status':
      if (!state.user_status) return state;
      return { ...state, user_status: applyUserStatusEvent(state.user_status, event) };
    case 'presence':
      if (!state.presences) return state;
      return {
        ...state,
        presences: applyPresenceEvent(
          state.presences,
          event,
          options.slimPresence ?? false,
          (userId) => state.realm_users?.find((user) => user.user_id === userId)?.email,
        ),
      };
    default:
      return state;
  }
}

function applyFlagsEvent(state: InitialState, event: QueuedEvent): InitialState {
  const messages = event.messages as number[];
  let next = state;
  // Every message an update lists has a row afterwards (Zulip adds a
  // `historical` one when needed), and max_message_id is the user's newest row.
  if (next.max_message_id !== undefined && messages.length > 0) {
    next = { ...next, max_message_id: Math.max(next.max_message_id, ...messages) };
  }
  if (event.flag !== 'starred' || !next.starred_messages) return next;
  const others = next.starred_messages.filter((id) => !messages.includes(id));
  const starred = event.op === 'add' ? [...others, ...messages].sort((a, b) => a - b) : others;
  return { ...next, starred_messages: starred };
}

// A client registered without bulk_message_deletion gets `message_id` alone.
function applyDeletionEvent(state: InitialState, event: QueuedEvent): InitialState {
  if (!state.starred_messages) return state;
  const deleted = (event.message_ids as number[] | undefined) ?? [event.message_id as number];
  return {
    ...state,
    starred_messages: state.starred_messages.filter((id) => !deleted.includes(id)),
  };
}
