import type { ChatBridge, Destination, Draft, Narrow } from '../../../src-preload/bridge';
import type { ComposeStore } from './composeStore.svelte';
import { sameConversation } from './conversationMatch';
import { errorText } from './errors';

// Zulip saves a draft a moment after the writer pauses rather than on every key.
const saveAfterMs = 500;

// What the user wrote to each conversation and did not send, kept in the
// account's cache by the main side: the list is what its `drafts` events say.
export class DraftsStore {
  drafts = $state.raw<Draft[]>([]);
  error = $state<string | null>(null);
  ownUserId: number | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  /** The conversation whose draft the compose box holds, to move it when the address changes. */
  #savedTo: Destination | null = null;
  /** The draft the compose box holds, when the Drafts view opened it: a conversation may hold two. */
  #savedId: number | null = null;
  /** The draft the Drafts view is opening, for `follow` to put in the compose box. */
  #chosen: Draft | null = null;

  constructor(
    private readonly bridge: ChatBridge,
    private readonly compose: ComposeStore,
  ) {}

  /** Saves at once when the user leaves the window or it closes, rather than half a second later. */
  start(): void {
    const now = () => void this.flush();
    window.addEventListener('blur', now);
    window.addEventListener('pagehide', now);
  }

  async load(): Promise<void> {
    try {
      this.drafts = (await this.bridge.listDrafts({})).drafts;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  apply(drafts: Draft[]): void {
    this.drafts = drafts;
  }

  /** Another account is shown: nothing of this one's may be saved under it. */
  clear(): void {
    this.#cancel();
    this.#savedTo = null;
    this.#savedId = null;
    this.drafts = [];
    this.error = null;
  }

  /** The message or its address changed: saved once the user pauses. */
  typed(): void {
    this.#cancel();
    this.#timer = setTimeout(() => void this.flush(), saveAfterMs);
  }

  /** The message goes to the outbox, which deletes its draft: nothing more is saved of it. */
  sending(): void {
    this.#cancel();
    this.#savedTo = null;
    this.#savedId = null;
  }

  /** Saves at once what waits to be saved. */
  async flush(): Promise<void> {
    if (this.#timer === null) return;
    this.#cancel();
    const to = this.compose.destination;
    const content = this.compose.content;
    const from = this.#savedTo;
    const id = this.#savedId ?? undefined;
    try {
      // A new topic or new people take the draft with them.
      const moved = from !== null && (to === null || !sameConversation(from, to, this.ownUserId));
      if (moved) await this.bridge.saveDraft({ to: from, content: '', id });
      if (to) await this.bridge.saveDraft({ to, content, ...(moved ? {} : { id }) });
      this.#savedTo = to && content.trim() !== '' ? to : null;
      if (moved || this.#savedTo === null) this.#savedId = null;
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  /**
   * The user turns to another conversation: what they wrote stays as the
   * draft of the one they leave, and the one they reach gets its own back.
   * A message not yet addressed has no conversation to stay in, so it stays
   * in the box.
   */
  async follow(narrow: Narrow): Promise<void> {
    const before = this.compose.destination;
    const written = this.compose.content.trim() !== '';
    const chosen = this.#chosen;
    this.#chosen = null;
    await this.flush();
    this.compose.follow(narrow);
    const after = this.compose.destination;
    if (after === null) return;
    const opened = chosen && sameConversation(chosen.to, after, this.ownUserId) ? chosen : null;
    if (!opened) {
      if (before !== null && sameConversation(before, after, this.ownUserId)) return;
      if (before === null && written) return;
    }
    const draft =
      opened ?? this.drafts.find((draft) => sameConversation(draft.to, after, this.ownUserId));
    this.compose.content = draft?.content ?? '';
    this.#savedTo = draft ? after : null;
    this.#savedId = draft?.id ?? null;
  }

  /** The Drafts view opens this draft: the compose box takes it back, and saves into it. */
  choose(draft: Draft): void {
    this.#chosen = draft;
  }

  async delete(draft: Draft): Promise<void> {
    try {
      await this.bridge.deleteDraft({ id: draft.id });
      this.error = null;
      // A deleted draft does not come back from the compose box at the next key.
      const to = this.compose.destination;
      const held = this.#savedId === null || this.#savedId === draft.id;
      if (to && held && sameConversation(draft.to, to, this.ownUserId)) {
        this.#cancel();
        this.#savedTo = null;
        this.#savedId = null;
        this.compose.content = '';
      }
    } catch (error) {
      this.error = errorText(error);
    }
  }

  #cancel(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
