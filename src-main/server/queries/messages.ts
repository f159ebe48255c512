import type { Message, NarrowTerm } from '../../wire';
import { errors } from '../errors';
import { messageFilterFor } from '../narrow/messageFilter';
import type { Services } from '../services';
import { loadMessageSources, readerFlags, renderMessage } from '../shape/messages';
import { firstUnreadId, messagesBefore, messagesFrom } from '../store/messages';
import { getRealm } from '../store/realm';
import type { UserRow } from '../store/users';

export const MAX_MESSAGES_PER_FETCH = 5000;

// Zulip answers "newest" with this sentinel, larger than any message ID.
export const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;

export type Anchor = number | 'newest' | 'oldest' | 'first_unread';

export interface MessagesQuery {
  anchor: Anchor;
  numBefore: number;
  numAfter: number;
  narrow: readonly NarrowTerm[];
  applyMarkdown: boolean;
  clientGravatar: boolean;
}

export interface MessagesPage {
  anchor: number;
  found_anchor: boolean;
  found_newest: boolean;
  found_oldest: boolean;
  history_limited: boolean;
  messages: Message[];
}

export function fetchMessages(
  services: Services,
  viewer: UserRow,
  query: MessagesQuery,
): MessagesPage {
  const { sql } = services;
  if (query.numBefore + query.numAfter > MAX_MESSAGES_PER_FETCH) {
    throw errors.badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
  }
  const filter = messageFilterFor(sql, viewer, query.narrow);
  const anchor =
    query.anchor === 'newest'
      ? LARGER_THAN_MAX_MESSAGE_ID
      : query.anchor === 'oldest'
        ? 0
        : query.anchor === 'first_unread'
          ? (firstUnreadId(sql, filter) ?? LARGER_THAN_MAX_MESSAGE_ID)
          : query.anchor;

  // One row more than asked for on each side tells whether the list reaches the end.
  const before = messagesBefore(sql, filter, anchor, query.numBefore + 1);
  const foundOldest = before.length <= query.numBefore;
  const from = messagesFrom(sql, filter, anchor, query.numAfter + 2);
  const anchorRow = from[0]?.id === anchor ? from[0] : undefined;
  const after = anchorRow ? from.slice(1) : from;
  const foundNewest = after.length <= query.numAfter;

  const rows = [
    ...before.slice(before.length - query.numBefore),
    ...(anchorRow ? [anchorRow] : []),
    ...after.slice(0, query.numAfter),
  ];
  const sources = loadMessageSources(sql, getRealm(sql)?.string_id ?? '', rows);
  const messages = sources.map((source, index) => ({
    ...renderMessage(source, query),
    flags: readerFlags(rows[index]?.flags ?? null),
  }));
  return {
    anchor,
    found_anchor: anchorRow !== undefined,
    found_newest: foundNewest,
    found_oldest: foundOldest,
    history_limited: false,
    messages,
  };
}
