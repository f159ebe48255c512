import type { QueuedEvent } from '../wire';
import type { ServerDraft } from '../wire/drafts';

// The order /register lists drafts in: the last edited first.
const newestFirst = (a: ServerDraft, b: ServerDraft) => b.timestamp - a.timestamp || b.id - a.id;

/** A `drafts` event: added drafts join the list, an update replaces its draft, a removal drops it. */
export function applyDraftsEvent(drafts: ServerDraft[], event: QueuedEvent): ServerDraft[] {
  switch (event.op) {
    case 'add':
      return [...drafts, ...(event.drafts as ServerDraft[])].sort(newestFirst);
    case 'update': {
      const edited = event.draft as ServerDraft;
      return drafts.map((draft) => (draft.id === edited.id ? edited : draft)).sort(newestFirst);
    }
    case 'remove':
      return drafts.filter((draft) => draft.id !== event.draft_id);
    default:
      return drafts;
  }
}

/** Turning synchronization off empties the server's list without a `drafts` event, as Zulip 7.0 does. */
export function draftsAfterSetting(drafts: ServerDraft[], event: QueuedEvent): ServerDraft[] {
  const turnedOff =
    event.type === 'user_settings' &&
    event.property === 'enable_drafts_synchronization' &&
    event.value === false;
  return turnedOff ? [] : drafts;
}
