import type {
  ChatBridge,
  Destination,
  EventPayload,
  TypingConversation,
} from '../../../src-preload/bridge';
import { TypingStatus } from './typingStatus';

// Typing, both ways: who is typing where in the active account, and the
// user's own typing, told to the conversation's people.
export class TypingStore {
  conversations = $state<TypingConversation[]>([]);
  readonly #own: TypingStatus;

  constructor(bridge: ChatBridge) {
    this.#own = new TypingStatus((to, op) => {
      // A notice that cannot be sent (offline) is simply not seen.
      bridge.setTyping({ to, op }).catch(() => undefined);
    });
  }

  apply({ conversations }: EventPayload<'typing'>): void {
    this.conversations = conversations;
  }

  typed(to: Destination | null, content: string): void {
    this.#own.typed(to, content);
  }

  stopped(): void {
    this.#own.stopped();
  }

  /** Leaves the last account: its typists go, and the user stops typing there. */
  clear(): void {
    this.#own.stopped();
    this.conversations = [];
  }
}
