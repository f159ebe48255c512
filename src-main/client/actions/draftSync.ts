import type { InitialState } from '../../wire/registerState';
import type { DraftData, ServerDraft } from '../../wire/drafts';
import type { Api } from '../api';
import { mt } from '../../i18n/mainText';
import type { DraftDestination, DraftStore, KeptDraft } from '../cache/drafts';
import { ApiError } from '../api/errors';

export interface DraftSyncDeps {
  drafts: DraftStore;
  /** The account's API while the link is up; null offline or signed out. */
  api: () => Pick<Api, 'createDrafts' | 'editDraft' | 'deleteDraft' | 'updateSettings'> | null;
  /** The register state as events keep it: `drafts` is the server's list. */
  state: () => InitialState | null;
  /** The cache's drafts changed. */
  onChange: () => void;
  log: (line: string) => void;
}

/** The reader's enable_drafts_synchronization; null where the server keeps no drafts (before Zulip 5.0). */
export function draftSynchronizationOf(state: InitialState | null): boolean | null {
  if (state?.drafts === undefined) return null;
  return state.user_settings?.['enable_drafts_synchronization'] !== false;
}

/** A server draft as the cache keeps it; Zulip's drafts with no address have no place here. */
function destinationOf(draft: ServerDraft): DraftDestination | null {
  if (draft.type === 'stream' && draft.to[0] !== undefined) {
    return { kind: 'stream', streamId: draft.to[0], topic: draft.topic };
  }
  return draft.type === 'private' ? { kind: 'private', userIds: draft.to } : null;
}

function dataOf(to: DraftDestination, content: string, timestamp: number): DraftData {
  return to.kind === 'stream'
    ? { type: 'stream', to: [to.streamId], topic: to.topic, content, timestamp }
    : { type: 'private', to: to.userIds, topic: '', content, timestamp };
}

const seconds = (ms: number) => Math.floor(ms / 1000);

const pushTime = (draft: KeptDraft) => seconds(draft.updatedAt);
const versionKey = (timestamp: number, content: string) => `${timestamp}\n${content}`;

const retryAfterMs = 5_000;

const alreadyGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Keeps the cache's drafts and the server's (Zulip's /drafts, while the
 * user's enable_drafts_synchronization is on) the same, in both directions:
 * what was written here, online or not, is sent; what another device wrote
 * or deleted arrives. A draft changed both here and elsewhere since they last
 * agreed keeps the later edit as that draft, and the other edit as a draft of
 * its own, so that neither is lost. It compares the cache with the server's
 * list in the register state, so a fresh register and a stream of events
 * lead to the same result.
 */
export class DraftSync {
  #running: Promise<void> | null = null;
  #again = false;
  #retry: ReturnType<typeof setTimeout> | null = null;
  /** Versions this device sent or replaced, by server ID, until the server's list shows the last it sent. */
  readonly #sent = new Map<number, Set<string>>();

  constructor(private readonly deps: DraftSyncDeps) {}

  /** Turns the server's keeping of drafts on or off; the user_settings event then brings the change. */
  async setEnabled(enabled: boolean): Promise<void> {
    const api = this.deps.api();
    if (!api) throw new Error(mt('main.drafts.syncOffline'));
    await api.updateSettings({ enable_drafts_synchronization: enabled });
  }

  /** Brings both sides together, now or right after the round in progress. */
  sync(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        try {
          await this.#round();
        } catch (error) {
          // The link failed under a call while the session still thought it
          // up: try again a little later, whether or not anything changes.
          this.deps.log(`drafts not synchronized: ${String(error)}`);
          this.#retrySoon();
        }
      } while (this.#again);
    })().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  #retrySoon(): void {
    if (this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.sync();
    }, retryAfterMs);
    // Waiting to retry keeps no process alive.
    this.#retry.unref?.();
  }

  async #round(): Promise<void> {
    const state = this.deps.state();
    const serverList = state?.drafts;
    if (serverList === undefined) return;
    const { drafts } = this.deps;
    if (!draftSynchronizationOf(state)) {
      if (drafts.kept().some((draft) => draft.serverId !== null)) drafts.detach();
      return;
    }
    const api = this.deps.api();
    if (!api) return;
    const server = new Map(serverList.map((draft) => [draft.id, draft]));
    await this.#sendDeletions(api, server);
    let changed = false;
    for (const draft of drafts.kept()) {
      if (draft.serverId === null) continue;
      changed = (await this.#merge(api, draft, server.get(draft.serverId))) || changed;
    }
    changed = (await this.#sendNew(api)) || changed;
    changed = this.#adoptUnknown(server) || changed;
    if (changed) this.deps.onChange();
  }

  // A deletion waits for the server; a version edited elsewhere since is not
  // deleted with it, and comes back as a draft.
  async #sendDeletions(api: SyncApi, server: Map<number, ServerDraft>): Promise<void> {
    const { drafts } = this.deps;
    for (const { serverId, syncedAt } of drafts.deletions()) {
      const there = server.get(serverId);
      // Absent from the list, it may be one whose creation is still on its way.
      if (!there || there.timestamp <= syncedAt) {
        await api.deleteDraft(serverId).catch((error: unknown) => {
          if (!alreadyGone(error)) throw error;
        });
        server.delete(serverId);
      }
      drafts.deletionSent(serverId);
    }
  }

  async #merge(api: SyncApi, draft: KeptDraft, there: ServerDraft | undefined): Promise<boolean> {
    const { drafts } = this.deps;
    if (!there) {
      // Not yet in the list: the event of its creation is still on its way.
      if (!draft.seen) return false;
      return this.#goneElsewhere(draft);
    }
    if (!draft.seen) drafts.seen(draft.id);
    // Another device's version may carry the same second: the text tells them apart.
    if (there.timestamp === draft.syncedAt && there.content === draft.syncedContent) {
      this.#sent.delete(there.id);
      if (draft.dirty) await this.#sendEdit(api, draft);
      return false;
    }
    // The list has not caught up with what this device sent.
    if (this.#sent.get(there.id)?.has(versionKey(there.timestamp, there.content))) return false;
    const to = destinationOf(there);
    // Given no address elsewhere, it has no place here any more.
    if (!to) return this.#goneElsewhere(draft);
    const version = { serverId: there.id, to, content: there.content, timestamp: there.timestamp };
    if (!draft.dirty) {
      drafts.adopt(version, draft.id);
      return true;
    }
    // Edited on both sides: the later edit stays this draft, the other becomes one of its own.
    if (seconds(draft.updatedAt) >= there.timestamp) {
      await this.#sendEdit(api, draft);
      drafts.copy(to, there.content, there.timestamp * 1000);
    } else {
      drafts.copy(draft.destination, draft.content, draft.updatedAt);
      drafts.adopt(version, draft.id);
    }
    return true;
  }

  // Deleted elsewhere: an edit made here since is kept, as a new draft.
  #goneElsewhere(draft: KeptDraft): boolean {
    const { drafts } = this.deps;
    drafts.drop(draft.id);
    if (draft.dirty) drafts.copy(draft.destination, draft.content, draft.updatedAt);
    return true;
  }

  async #sendEdit(api: SyncApi, draft: KeptDraft): Promise<void> {
    if (draft.serverId === null || draft.refused) return;
    const at = pushTime(draft);
    // Until its echo arrives, the list may still show the version this edit replaces.
    if (draft.syncedAt !== null && draft.syncedContent !== null) {
      this.#remember(draft.serverId, draft.syncedAt, draft.syncedContent);
    }
    const sent = await this.#refusable(draft, () =>
      api.editDraft(draft.serverId ?? 0, dataOf(draft.destination, draft.content, at)),
    );
    if (!sent) return;
    this.#remember(draft.serverId, at, draft.content);
    this.deps.drafts.pushed(draft.id, draft.serverId, at, draft.content);
  }

  async #sendNew(api: SyncApi): Promise<boolean> {
    const fresh = this.deps.drafts
      .kept()
      .filter((draft) => draft.serverId === null && !draft.refused);
    if (fresh.length === 0) return false;
    const send = async (batch: KeptDraft[]) => {
      const times = batch.map(pushTime);
      const ids = await api.createDrafts(
        batch.map((draft, index) => dataOf(draft.destination, draft.content, times[index] ?? 0)),
      );
      batch.forEach((draft, index) => {
        const serverId = ids[index];
        if (serverId === undefined) return;
        this.#remember(serverId, times[index] ?? 0, draft.content);
        this.deps.drafts.pushed(draft.id, serverId, times[index] ?? 0, draft.content);
      });
    };
    // Zulip takes a batch whole or not at all: one refused draft is found by sending each alone.
    const whole = await this.#refusable(null, () => send(fresh));
    if (!whole) {
      for (const draft of fresh) await this.#refusable(draft, () => send([draft]));
    }
    return false;
  }

  /**
   * False when the server refused the call (a channel closed to the writer
   * since, a person deactivated): the draft named stays here alone, not
   * offered again until it is edited. Any other failure ends the round.
   */
  async #refusable(draft: KeptDraft | null, call: () => Promise<unknown>): Promise<boolean> {
    try {
      await call();
      return true;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500 || error.status === 429) throw error;
      if (draft) {
        this.deps.drafts.refused(draft.id);
        this.deps.log(`the server keeps no copy of draft ${draft.id}: ${error.message}`);
      }
      return false;
    }
  }

  #remember(serverId: number, timestamp: number, content: string): void {
    const sent = this.#sent.get(serverId) ?? new Set<string>();
    sent.add(versionKey(timestamp, content));
    this.#sent.set(serverId, sent);
  }

  #adoptUnknown(server: Map<number, ServerDraft>): boolean {
    const { drafts } = this.deps;
    const known = new Set(drafts.kept().map((draft) => draft.serverId));
    let changed = false;
    for (const there of server.values()) {
      const to = destinationOf(there);
      if (known.has(there.id) || !to) continue;
      drafts.adopt({ serverId: there.id, to, content: there.content, timestamp: there.timestamp });
      changed = true;
    }
    return changed;
  }
}

type SyncApi = NonNullable<ReturnType<DraftSyncDeps['api']>>;
