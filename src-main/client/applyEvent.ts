import { applyEvent as applyToRegistered, type InitialState } from '../state/applyEvent';
import type { KnownEvent, Message, QueuedEvent, Subscription } from '../wire';

/** What a Session knows of its account, rebuilt from /register plus the events since. */
export interface SessionState {
  /**
   * The /register response, kept current by the one reducer of Zulip state:
   * the same one the server's tests hold to "register + events == register".
   */
  readonly registered: InitialState;
  readonly subscriptions: readonly Subscription[];
  /** Messages delivered by the event queue since registering, oldest first, at most `recentLimit`. */
  readonly recentMessages: readonly Message[];
}

export const recentLimit = 500;

export const initialState = (registered: InitialState): SessionState => ({
  registered,
  subscriptions: registered.subscriptions ?? [],
  recentMessages: [],
});

/** Pure: the state after `event`. Events that change nothing return the same object. */
export function applyEvent(state: SessionState, event: KnownEvent): SessionState {
  if (event.type === 'heartbeat') return state;
  const registered = applyToRegistered(state.registered, event as QueuedEvent);
  let { recentMessages } = state;
  if (event.type === 'message') {
    // A message event carries the recipient's flags beside the message, not inside it.
    const message: Message = { ...event.message, flags: event.flags };
    recentMessages = [...recentMessages, message].slice(-recentLimit);
  }
  return {
    registered,
    subscriptions: registered.subscriptions ?? state.subscriptions,
    recentMessages,
  };
}
