import type { ChatBridge, RecentConversation } from '../../../src-preload/bridge';
import { coalesced } from './coalesced';
import { errorText } from './errors';
import type { MutedUsersStore } from './mutedUsersStore.svelte';

// Zulip's Recent conversations view: read once from the server on opening,
// then again from the cache whenever the sidebar says something changed.
export class RecentStore {
  conversations = $state<RecentConversation[]>([]);
  /** Only conversations with unread messages. */
  unreadOnly = $state(false);
  loading = $state(false);
  error = $state<string | null>(null);

  shown = $derived(
    this.conversations
      .filter(
        (conversation) =>
          (!this.unreadOnly || conversation.unread > 0) && !this.#withMuted(conversation),
      )
      .map((conversation) => this.#namedForReader(conversation)),
  );

  constructor(
    private readonly bridge: ChatBridge,
    private readonly muting: Pick<MutedUsersStore, 'nameOf' | 'isMutedConversation'>,
  ) {}

  async open(): Promise<void> {
    this.loading = this.conversations.length === 0;
    await this.#read(true);
    this.loading = false;
  }

  /** Something changed: reads the cache again, once at a time, however many changes come. */
  readonly refresh = coalesced(() => this.#read(false));

  clear(): void {
    this.conversations = [];
    this.error = null;
  }

  // Zulip's help: a one-to-one conversation with someone muted is "excluded
  // from all views".
  #withMuted(conversation: RecentConversation): boolean {
    const { narrow } = conversation;
    return narrow.kind === 'private' && this.muting.isMutedConversation(narrow.userIds);
  }

  // A muted person is "Muted user" among a group's names and the participants.
  #namedForReader(conversation: RecentConversation): RecentConversation {
    const { narrow } = conversation;
    const ids = narrow.kind === 'private' ? narrow.userIds : [];
    return {
      ...conversation,
      dmNames: conversation.dmNames.map((name, index) =>
        this.muting.nameOf(ids[index] ?? -1, name),
      ),
      participants: conversation.participants.map((person) => ({
        ...person,
        fullName: this.muting.nameOf(person.userId, person.fullName),
      })),
    };
  }

  async #read(fromServer: boolean): Promise<void> {
    try {
      this.conversations = (await this.bridge.recentConversations({ fromServer })).conversations;
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }
}
