import {
  messageInFilter,
  messagesFrom,
  messagesUpTo,
  type MessageFilter,
  type ViewedMessageRow,
} from '../store/messages';
import type { Sql } from '../store/sql';

// Zulip answers "newest" with this sentinel, larger than any message ID.
export const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;

export interface WindowRequest {
  anchor: number;
  includeAnchor: boolean;
  numBefore: number;
  numAfter: number;
}

export interface MessageWindow {
  rows: ViewedMessageRow[];
  found_anchor: boolean;
  found_newest: boolean;
  found_oldest: boolean;
}

// Zulip's limit_query_to_range: at most one query per side, with just enough
// headroom on the "after" side to catch the anchor itself.
function fetchRows(sql: Sql, filter: MessageFilter, request: WindowRequest, edges: Edges) {
  const { anchor, includeAnchor, numBefore, numAfter } = request;
  const needBefore = !edges.left && numBefore > 0;
  const needAfter = !edges.right && numAfter > 0;
  const include = includeAnchor ? 1 : 0;
  if (needBefore && needAfter) {
    return [
      ...messagesUpTo(sql, filter, anchor - 1, numBefore),
      ...messagesFrom(sql, filter, anchor, numAfter + 1),
    ];
  }
  if (needBefore) {
    const limit = numBefore + (edges.right ? 0 : include);
    return messagesUpTo(sql, filter, edges.right ? null : anchor - (1 - include), limit);
  }
  if (needAfter) {
    return messagesFrom(
      sql,
      filter,
      edges.left ? null : anchor + (1 - include),
      numAfter + include,
    );
  }
  const row = messageInFilter(sql, filter, anchor);
  return row ? [row] : [];
}

interface Edges {
  left: boolean;
  right: boolean;
}

/**
 * The messages around an anchor and what Zulip's post_process_limited_query
 * promises about them: `found_oldest` / `found_newest` only when fewer rows
 * than asked for came back on that side (or the anchor is an end itself).
 */
export function messageWindow(
  sql: Sql,
  filter: MessageFilter,
  request: WindowRequest,
): MessageWindow {
  const { anchor, numBefore } = request;
  const edges = { left: anchor === 0, right: anchor >= LARGER_THAN_MAX_MESSAGE_ID };
  const numAfter = edges.right ? 0 : request.numAfter;
  const rows = fetchRows(sql, filter, { ...request, numAfter }, edges);

  let before = edges.right ? rows : rows.filter((row) => row.id < anchor);
  const atAnchor = edges.right ? [] : rows.filter((row) => row.id === anchor);
  let after = edges.right ? [] : rows.filter((row) => row.id > anchor);
  if (numBefore > 0) before = before.slice(-numBefore);
  if (numAfter > 0) after = after.slice(0, numAfter);

  return {
    rows: [...before, ...atAnchor, ...after],
    found_anchor: atAnchor.length === 1,
    found_oldest: edges.left || before.length < numBefore,
    found_newest: edges.right || after.length < numAfter,
  };
}
