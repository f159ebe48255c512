import { z } from 'zod';
import type { Narrow, TypingConversation } from '../../../src-preload/bridge';
import type { QueuedEvent } from '../../wire';
import { privateNarrow } from '../views/narrows';

// Zulip's web app forgets a typist it has not heard from for 15 seconds:
// a typist's client repeats "start" every 10 while typing goes on.
export const typingExpiryMs = 15_000;

const person = z.object({ user_id: z.number().int() });
// Zulip 8 (feature level 215) says "direct" where older servers say "private".
const typingEventSchema = z.discriminatedUnion('message_type', [
  z.object({
    message_type: z.enum(['private', 'direct']),
    op: z.enum(['start', 'stop']),
    sender: person,
    recipients: z.array(person),
  }),
  z.object({
    message_type: z.literal('stream'),
    op: z.enum(['start', 'stop']),
    sender: person,
    stream_id: z.number().int(),
    topic: z.string(),
  }),
]);

interface Conversation {
  narrow: Narrow;
  /** Typists by user ID, with when each is forgotten. */
  typists: Map<number, ReturnType<typeof setTimeout>>;
}

export interface TypistsOptions {
  ownUserId: () => number;
  nameOf: (userId: number) => string;
  onChange: () => void;
  expiryMs?: number;
}

/** Who is typing where, from the server's typing events, each forgotten when it stops or goes quiet. */
export class Typists {
  readonly #conversations = new Map<string, Conversation>();

  constructor(private readonly options: TypistsOptions) {}

  receive(event: QueuedEvent): void {
    const parsed = typingEventSchema.safeParse(event);
    if (!parsed.success) return;
    const typing = parsed.data;
    const me = this.options.ownUserId();
    if (typing.sender.user_id === me) return;
    let narrow: Narrow;
    let key: string;
    if (typing.message_type === 'stream') {
      narrow = { kind: 'stream', streamId: typing.stream_id, topic: typing.topic };
      key = `stream:${typing.stream_id}:${typing.topic.toLowerCase()}`;
    } else {
      const ids = typing.recipients.map((recipient) => recipient.user_id).sort((a, b) => a - b);
      narrow = privateNarrow(ids, me);
      key = `private:${ids.join(',')}`;
    }
    const conversation = this.#conversations.get(key) ?? { narrow, typists: new Map() };
    this.#conversations.set(key, conversation);
    const userId = typing.sender.user_id;
    clearTimeout(conversation.typists.get(userId));
    conversation.typists.delete(userId);
    if (typing.op === 'start') {
      const forget = setTimeout(
        () => this.#forget(key, userId),
        this.options.expiryMs ?? typingExpiryMs,
      );
      conversation.typists.set(userId, forget);
    }
    if (conversation.typists.size === 0) this.#conversations.delete(key);
    this.options.onChange();
  }

  #forget(key: string, userId: number): void {
    const conversation = this.#conversations.get(key);
    if (!conversation?.typists.delete(userId)) return;
    if (conversation.typists.size === 0) this.#conversations.delete(key);
    this.options.onChange();
  }

  /** Typists stop being heard when the link to the server is lost. */
  clear(): void {
    if (this.#conversations.size === 0) return;
    for (const conversation of this.#conversations.values()) {
      for (const forget of conversation.typists.values()) clearTimeout(forget);
    }
    this.#conversations.clear();
    this.options.onChange();
  }

  conversations(): TypingConversation[] {
    return [...this.#conversations.values()].map((conversation) => ({
      narrow: conversation.narrow,
      typists: [...conversation.typists.keys()].map((userId) => ({
        userId,
        name: this.options.nameOf(userId),
      })),
    }));
  }
}
