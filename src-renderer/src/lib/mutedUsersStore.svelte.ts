import { SvelteSet } from 'svelte/reactivity';
import type { ChatBridge, MutedPerson } from '../../../src-preload/bridge';
import { t } from './i18n.svelte';
import { ServerPage } from './serverPage.svelte';

/** Someone the reader is asked to confirm muting. */
export interface MuteCandidate {
  userId: number;
  fullName: string;
}

// The people the reader muted: Settings' list, the confirmation Zulip asks
// for before muting, and the muted messages the reader chose to see. Who is
// muted comes with the snapshot, which the server's event keeps current.
export class MutedUsersStore extends ServerPage<{ people: MutedPerson[] }> {
  confirming = $state<MuteCandidate | null>(null);
  /** Messages of muted senders shown anyway, until hidden again. */
  readonly revealed = new SvelteSet<number>();

  constructor(
    private readonly bridge: ChatBridge,
    private readonly mutedIds: () => readonly number[],
  ) {
    super(() => bridge.listMutedUsers({}));
  }

  isMuted(userId: number): boolean {
    return this.mutedIds().includes(userId);
  }

  /**
   * A name as Zulip's help has it for reactions and "the recipients of group
   * direct messages": a muted person's is "Muted user".
   */
  nameOf(userId: number, fullName: string): string {
    return this.isMuted(userId) ? t('feed.message.mutedUser') : fullName;
  }

  /**
   * A one-to-one conversation with someone muted, by the others in it, which
   * Zulip's help says is "excluded from all views, including search", but
   * its own and a search for it.
   */
  isMutedConversation(otherIds: readonly number[]): boolean {
    return otherIds.length === 1 && this.isMuted(otherIds[0] ?? -1);
  }

  askMute(person: MuteCandidate): void {
    this.error = null;
    this.confirming = person;
  }

  cancelMute(): void {
    this.confirming = null;
  }

  /** False when the server refused, its reason then in `error` and the question still open. */
  async confirmMute(): Promise<boolean> {
    const person = this.confirming;
    if (!person) return false;
    const done = await this.send(() => this.bridge.muteUser({ userId: person.userId }));
    if (done) this.confirming = null;
    return done;
  }

  unmute(userId: number): Promise<boolean> {
    return this.send(() => this.bridge.unmuteUser({ userId }));
  }

  override clear(): void {
    super.clear();
    this.confirming = null;
    this.revealed.clear();
  }
}
