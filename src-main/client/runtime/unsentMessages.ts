import type { Destination, Draft, OutboxEntry } from '../../../src-preload/bridge';
import type { DraftSync } from '../actions/draftSync';
import type { Cache } from '../cache/accountCache';
import { mt } from '../../i18n/mainText';
import { isDiskFull } from '../cache/storageErrors';
import type { Outbox } from '../outbox/sendQueue';
import { draftRows } from '../views/draftsView';
import { bridgeEntry, storedDestination } from '../views/outboxEntries';

export interface UnsentMessagesDeps {
  cache: Cache;
  /** The outbox; null while the account has no key to send with. */
  outbox: () => Outbox | null;
  /** The link is up, so what waits is being sent. */
  connected: () => boolean;
  draftSync: Pick<DraftSync, 'sync'>;
  /** The outbox's entries changed. */
  onOutbox: (entries: OutboxEntry[]) => void;
  /** A draft was saved or deleted. */
  onDrafts: () => void;
}

/** What the reader wrote and has not sent yet: messages waiting in the outbox, and drafts. */
export class UnsentMessages {
  constructor(private readonly deps: UnsentMessagesDeps) {}

  send(to: Destination, content: string): OutboxEntry {
    const { cache } = this.deps;
    let stored;
    try {
      stored = this.#requireOutbox().add(storedDestination(cache, to), content);
    } catch (error) {
      // A message the outbox cannot keep is not taken: it stays with the person.
      if (isDiskFull(error)) throw new Error(mt('main.outbox.diskFull'), { cause: error });
      throw error;
    }
    // The outbox holds the message now, so its draft has done its job.
    if (cache.drafts.discard(to)) this.#draftsChanged();
    return bridgeEntry(cache, stored, this.deps.connected());
  }

  retry(localId: string): void {
    this.#requireOutbox().retry(localId);
  }

  discard(localId: string): void {
    const outbox = this.deps.outbox();
    if (outbox) outbox.discard(localId);
    // Signed out, a message that waits can still be given up on.
    else if (this.deps.cache.outbox.discard(localId)) {
      this.deps.onOutbox(this.outboxEntries());
    }
  }

  outboxEntries(): OutboxEntry[] {
    // Read from the cache, so that what waits shows even while the account
    // has no key to send it with.
    const online = this.deps.connected();
    const { cache } = this.deps;
    return cache.outbox.unsent().map((entry) => bridgeEntry(cache, entry, online));
  }

  drafts(): Draft[] {
    return draftRows(this.deps.cache);
  }

  /**
   * Keeps what is written to `to` as a draft, in the cache (the draft `id`
   * names, when the window opened one); blank text deletes it.
   */
  saveDraft(to: Destination, content: string, id?: number): void {
    const { drafts } = this.deps.cache;
    if (content.trim() !== '') drafts.save(to, content, Date.now(), id);
    else if (!(id !== undefined && drafts.remove(id)) && !drafts.discard(to)) {
      return;
    }
    this.#draftsChanged();
  }

  // The window hears of it at once; the server, when the link is up.
  #draftsChanged(): void {
    this.deps.onDrafts();
    void this.deps.draftSync.sync();
  }

  deleteDraft(id: number): void {
    if (this.deps.cache.drafts.remove(id)) this.#draftsChanged();
  }

  #requireOutbox(): Outbox {
    const outbox = this.deps.outbox();
    if (!outbox) throw new Error(mt('main.signInAgain.send'));
    return outbox;
  }
}
