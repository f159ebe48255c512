import type { Subscription, User } from '../../wire';
import type { QueuedEvent } from '../events/notice';

/** The part of a /register response that events keep current. */
export type InitialState = Record<string, unknown> & {
  max_message_id?: number;
  subscriptions?: Subscription[];
  streams?: { stream_id: number }[];
  realm_users?: User[];
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
    case 'subscription':
      return applySubscriptionEvent(state, event, options);
    case 'stream': {
      if (event.op !== 'create' || !state.streams) return state;
      const created = event.streams as { stream_id: number }[];
      const streams = [...state.streams, ...created].sort((a, b) => a.stream_id - b.stream_id);
      return { ...state, streams };
    }
    case 'realm_user': {
      if (event.op !== 'add' || !state.realm_users) return state;
      const realmUsers = [...state.realm_users, event.person as User];
      return { ...state, realm_users: realmUsers.sort((a, b) => a.user_id - b.user_id) };
    }
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
