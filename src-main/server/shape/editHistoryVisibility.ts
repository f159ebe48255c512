import type { EditHistoryVisibility } from '../store/realm';

interface EditRecord {
  prev_topic?: string | undefined;
  prev_content?: string | undefined;
  prev_rendered_content?: string | undefined;
  content_html_diff?: string | undefined;
}

/**
 * Zulip's visible_edit_history_for_message: under "moves" (feature level
 * 358) an edit of the content alone is left out, and one that also renamed
 * the topic keeps only the rename. Under "none" a message shows no history.
 */
export function visibleEditHistory<T extends EditRecord>(
  policy: EditHistoryVisibility,
  edits: readonly T[],
): T[] {
  if (policy === 'none') return [];
  if (policy === 'all') return [...edits];
  return edits.flatMap((edit) => {
    if (edit.prev_content === undefined) return [edit];
    return edit.prev_topic === undefined ? [] : [withoutContent(edit)];
  });
}

const withoutContent = <T extends EditRecord>({
  prev_content: _content,
  prev_rendered_content: _rendered,
  content_html_diff: _diff,
  ...move
}: T): T => move as T;
