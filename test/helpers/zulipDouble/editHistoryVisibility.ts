import type { Org } from './org';

interface ContentChange {
  prev_topic?: string | undefined;
  prev_content?: string | undefined;
  prev_rendered_content?: string | undefined;
  content_html_diff?: string | undefined;
}

/**
 * Zulip's visible_edit_history_for_message: under the "moves" policy
 * (feature level 358) an edit of content alone is left out, and an edit that
 * also moved keeps only the move.
 */
export function visibleEditHistory<T extends ContentChange>(org: Org, entries: readonly T[]): T[] {
  if (org.realm.realm_message_edit_history_visibility_policy !== 'moves') return [...entries];
  return entries.flatMap((entry) => {
    if (entry.prev_content === undefined) return [entry];
    if (entry.prev_topic === undefined) return [];
    const moved = { ...entry };
    delete moved.prev_content;
    delete moved.prev_rendered_content;
    delete moved.content_html_diff;
    return [moved];
  });
}
