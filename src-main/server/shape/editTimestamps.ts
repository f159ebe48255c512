import { isResolveToggle } from '../resolvedTopics';
import { storedEdits, type StoredEdit } from '../store/messageEdits';

// Marking a topic resolved or unresolved moves nothing, as Zulip counts it.
const isMove = (edit: StoredEdit): boolean =>
  edit.prev_stream !== undefined ||
  (edit.prev_topic !== undefined &&
    edit.topic !== undefined &&
    !isResolveToggle(edit.prev_topic, edit.topic));

/**
 * Zulip 10's message timestamps (feature level 365): `last_edit_timestamp`
 * for the last change of content only, `last_moved_timestamp` for the last
 * move to another channel or topic; each absent until there is one.
 */
export function editTimestamps(editHistory: string | null): {
  last_edit_timestamp?: number;
  last_moved_timestamp?: number;
} {
  let edited: number | undefined;
  let moved: number | undefined;
  for (const edit of storedEdits(editHistory)) {
    if (edit.prev_content !== undefined) edited = edit.timestamp;
    if (isMove(edit)) moved = edit.timestamp;
  }
  return {
    ...(edited === undefined ? {} : { last_edit_timestamp: edited }),
    ...(moved === undefined ? {} : { last_moved_timestamp: moved }),
  };
}
