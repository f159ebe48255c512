import type { Org, StoredMessage } from './org';
import { badRequest } from './errors';
import { narrowTest, type Narrow } from './narrow';

// What Zulip echoes as the anchor of "newest": LARGER_THAN_MAX_MESSAGE_ID.
const newestAnchor = 10_000_000_000_000_000;

export interface WindowRequest {
  anchor: string;
  numBefore: number;
  numAfter: number;
  includeAnchor: boolean;
  narrow: Narrow;
}

/** The reader's messages in a narrow around an anchor, as Zulip's fetch_messages finds them. */
export interface MessageWindow {
  anchor: number;
  foundAnchor: boolean;
  foundOldest: boolean;
  foundNewest: boolean;
  /** Oldest first. */
  messages: StoredMessage[];
}

export function messageWindow(org: Org, readerId: number, request: WindowRequest): MessageWindow {
  const inNarrow = narrowTest(org, readerId, request.narrow);
  const visible = [...org.messages.values()]
    .filter((message) => org.canSee(readerId, message) && inNarrow(message))
    .sort((a, b) => a.id - b.id);
  const anchor = anchorOf(request.anchor, visible, (id) =>
    org.flagsOf(id, readerId).includes('read'),
  );
  const { includeAnchor } = request;
  const anchored = visible.find((m) => m.id === anchor);
  const older = visible.filter((m) => m.id < anchor);
  const newer = visible.filter((m) => m.id > anchor);
  const olderPage = request.numBefore === 0 ? [] : older.slice(-request.numBefore);
  const newerPage = newer.slice(0, request.numAfter);
  return {
    anchor,
    foundAnchor: includeAnchor && anchored !== undefined,
    foundOldest: olderPage.length === older.length,
    foundNewest: newerPage.length === newer.length,
    messages: [...olderPage, ...(includeAnchor && anchored ? [anchored] : []), ...newerPage],
  };
}

function anchorOf(
  anchor: string,
  visible: readonly { id: number }[],
  isRead: (id: number) => boolean,
): number {
  switch (anchor) {
    case 'newest':
      return newestAnchor;
    case 'oldest':
      return 0;
    case 'first_unread':
      return visible.find((message) => !isRead(message.id))?.id ?? newestAnchor;
    default: {
      if (!/^\d+$/.test(anchor)) throw badRequest('Invalid anchor');
      return Number(anchor);
    }
  }
}
