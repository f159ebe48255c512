import type { KnownEvent, Message, Subscription } from '../wire';

/** What a Session knows of its account, rebuilt from /register plus the events since. */
export interface SessionState {
  readonly subscriptions: readonly Subscription[];
  /** Messages delivered by the event queue since registering, oldest first, at most `recentLimit`. */
  readonly recentMessages: readonly Message[];
}

export const recentLimit = 500;

export const initialState = (subscriptions: readonly Subscription[]): SessionState => ({
  subscriptions,
  recentMessages: [],
});

/** Pure: the state after `event`. Events that change nothing return the same object. */
export function applyEvent(state: SessionState, event: KnownEvent): SessionState {
  switch (event.type) {
    case 'message': {
      // A message event carries the recipient's flags beside the message, not inside it.
      const message: Message = { ...event.message, flags: event.flags };
      const recentMessages = [...state.recentMessages, message].slice(-recentLimit);
      return { ...state, recentMessages };
    }
    case 'subscription': {
      const touched = new Set(event.subscriptions.map((subscription) => subscription.stream_id));
      const others = state.subscriptions.filter(
        (subscription) => !touched.has(subscription.stream_id),
      );
      if (event.op === 'remove') return { ...state, subscriptions: others };
      return { ...state, subscriptions: [...others, ...event.subscriptions] };
    }
    case 'heartbeat':
      return state;
  }
}
