import type { CustomProfileField, Subscription, User } from '../../wire';
import type { QueuedEvent } from '../events/notice';
import { applyCustomProfileFieldsEvent, applyRealmUserUpdate } from './applyProfileDataEvents';
import { applyUserTopicEvent, type UserTopic } from './applyUserTopicEvent';

/** The part of a /register response that events keep current. */
export type InitialState = Record<string, unknown> & {
  max_message_id?: number;
  starred_messages?: number[];
  subscriptions?: Subscription[];
  streams?: { stream_id: number }[];
  realm_users?: User[];
  realm_non_active_users?: User[];
  custom_profile_fields?: CustomProfileField[];
  user_topics?: UserTopic[];
};

export interface ApplyOptions {
  /** Whether the queue was registered with include_subscribers. */
  includeSubscribers: boolean;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * What a client does with an event: the invariant held for every action is
 * that initial state plus the action's events equals a fresh initial state.
 */
export function applyEvent(
  state: InitialState,
  event: QueuedEvent,
  options: ApplyOptions = { includeSubscribers: false },
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
      return applySubscriptionEvent(state, event, options);
    case 'stream':
      return applyStreamEvent(state, event);
    case 'default_streams':
      return { ...state, realm_default_streams: event.default_streams };
    case 'muted_topics':
      return { ...state, muted_topics: event.muted_topics };
    case 'user_topic':
      if (!state.user_topics) return state;
      return {
        ...state,
        user_topics: applyUserTopicEvent(state.user_topics, event as QueuedEvent & UserTopic),
      };
    case 'update_global_notifications':
      if (!((event.notification_name as string) in state)) return state;
      return { ...state, [event.notification_name as string]: event.setting };
    case 'user_settings': {
      const settings = state.user_settings as Record<string, unknown> | undefined;
      if (event.op !== 'update' || !settings) return state;
      return {
        ...state,
        user_settings: { ...settings, [event.property as string]: event.value },
      };
    }
    case 'custom_profile_fields':
      return applyCustomProfileFieldsEvent(state, event);
    case 'realm_user': {
      if (event.op === 'update') return applyRealmUserUpdate(state, event);
      if (event.op !== 'add' || !state.realm_users) return state;
      const person = event.person as User;
      // Zulip's apply_event: a human joins with no custom profile values; bots have none.
      const added = person.is_bot ? person : { profile_data: {}, ...person };
      const realmUsers = [...state.realm_users, added];
      return { ...state, realm_users: realmUsers.sort((a, b) => a.user_id - b.user_id) };
    }
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

function applyStreamEvent(state: InitialState, event: QueuedEvent): InitialState {
  if (!state.streams) return state;
  const changed = event.streams as { stream_id: number }[];
  const ids = new Set(changed.map((stream) => stream.stream_id));
  const others = state.streams.filter((stream) => !ids.has(stream.stream_id));
  switch (event.op) {
    case 'create':
      return {
        ...state,
        streams: [...others, ...changed].sort((a, b) => a.stream_id - b.stream_id),
      };
    case 'delete':
      return { ...state, streams: others };
    default:
      return state;
  }
}

function applySubscriptionEvent(
  state: InitialState,
  event: QueuedEvent,
  options: ApplyOptions,
): InitialState {
  const current = state.subscriptions;
  if (!current) return state;
  switch (event.op) {
    case 'add': {
      // Zulip's add events always list subscribers; a client that did not ask for them drops them.
      const added = (event.subscriptions as Subscription[]).map(({ subscribers, ...rest }) =>
        options.includeSubscribers && subscribers ? { ...rest, subscribers } : rest,
      );
      return { ...state, subscriptions: [...current, ...added].sort(byName) };
    }
    case 'remove': {
      const removed = new Set(
        (event.subscriptions as { stream_id: number }[]).map((s) => s.stream_id),
      );
      return { ...state, subscriptions: current.filter((s) => !removed.has(s.stream_id)) };
    }
    case 'update': {
      const subscriptions = current.map((subscription) =>
        subscription.stream_id === event.stream_id
          ? { ...subscription, [event.property as string]: event.value }
          : subscription,
      );
      return { ...state, subscriptions };
    }
    case 'peer_add':
    case 'peer_remove': {
      const streams = new Set(event.stream_ids as number[]);
      const users = event.user_ids as number[];
      const subscriptions = current.map((subscription) => {
        if (!subscription.subscribers || !streams.has(subscription.stream_id)) return subscription;
        const others = subscription.subscribers.filter((id) => !users.includes(id as number));
        const subscribers = event.op === 'peer_add' ? [...others, ...users] : others;
        return { ...subscription, subscribers: subscribers.sort((a, b) => Number(a) - Number(b)) };
      });
      return { ...state, subscriptions };
    }
    default:
      return state;
  }
}
