import type { Message } from '../../wire';
import { errors } from '../errors';
import { narrowMessages } from '../narrow/messageFilter';
import { escapeHtml, highlightHtml, type SearchQuery } from '../narrow/search';
import type { Term } from '../narrow/terms';
import type { Services } from '../services';
import { loadMessageSources, readerFlags, renderMessage } from '../shape/messages';
import type { ViewedMessageRow } from '../store/messages';
import { firstSentSinceId, firstUnreadId, messageInFilter } from '../store/messages';
import { getRealm } from '../store/realm';
import type { UserRow } from '../store/users';
import { LARGER_THAN_MAX_MESSAGE_ID, messageWindow, type MessageWindow } from './window';
import { resolveWithOperator } from './withOperator';

export { LARGER_THAN_MAX_MESSAGE_ID };

export const MAX_MESSAGES_PER_FETCH = 5000;

/** `sentSince`: Zulip 12's `date` anchor (feature level 445), in seconds since the epoch. */
export type Anchor = number | 'newest' | 'oldest' | 'first_unread' | { sentSince: number };

export interface MessagesQuery {
  anchor: Anchor;
  includeAnchor: boolean;
  numBefore: number;
  numAfter: number;
  narrow: readonly Term[];
  applyMarkdown: boolean;
  clientGravatar: boolean;
}

/** A search result also carries its content and topic with the matches highlighted. */
type FoundMessage = Message & { match_content?: string; match_subject?: string };

export interface MessagesPage {
  anchor: number;
  found_anchor: boolean;
  found_newest: boolean;
  found_oldest: boolean;
  history_limited: boolean;
  messages: FoundMessage[];
}

function searchMatches(row: ViewedMessageRow, search: SearchQuery) {
  return {
    match_content: highlightHtml(row.rendered_content, search.words),
    match_subject: highlightHtml(escapeHtml(row.subject), search.words),
  };
}

/** The part of a fetch that says which messages: the anchor, the range around it, the narrow. */
export type MessageRange = Pick<
  MessagesQuery,
  'anchor' | 'includeAnchor' | 'numBefore' | 'numAfter' | 'narrow'
>;

/**
 * The rows a fetch covers, with the anchor resolved to an ID and what Zulip
 * says about the ends; the caller has already bounded the range's size.
 */
export function messagesInRange(
  services: Services,
  viewer: UserRow,
  range: MessageRange,
): { anchor: number; window: MessageWindow; search: SearchQuery | null } {
  const { sql } = services;
  const { filter, search, namesStream } = narrowMessages(
    sql,
    viewer,
    resolveWithOperator(sql, viewer, range.narrow),
  );
  // Zulip skips muted streams when looking for the first unread message,
  // unless the narrow is to one stream.
  const anchor =
    range.anchor === 'newest'
      ? LARGER_THAN_MAX_MESSAGE_ID
      : range.anchor === 'oldest'
        ? 0
        : range.anchor === 'first_unread'
          ? (firstUnreadId(sql, filter, !namesStream) ?? LARGER_THAN_MAX_MESSAGE_ID)
          : typeof range.anchor === 'object'
            ? (firstSentSinceId(sql, filter, range.anchor.sentSince) ?? LARGER_THAN_MAX_MESSAGE_ID)
            : Math.min(Math.max(range.anchor, 0), LARGER_THAN_MAX_MESSAGE_ID);
  const window = messageWindow(sql, filter, {
    anchor,
    includeAnchor: range.includeAnchor,
    numBefore: range.numBefore,
    numAfter: range.numAfter,
  });
  return { anchor, window, search };
}

type Rendering = Pick<MessagesQuery, 'applyMarkdown' | 'clientGravatar'>;

function checkFetchSize(count: number): void {
  if (count > MAX_MESSAGES_PER_FETCH) {
    throw errors.badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
  }
}

function shownMessages(
  services: Services,
  rows: readonly ViewedMessageRow[],
  rendering: Rendering,
  search: SearchQuery | null,
): FoundMessage[] {
  const { sql } = services;
  const sources = loadMessageSources(sql, getRealm(sql)?.string_id ?? '', rows);
  return sources.map((source, index) => {
    const row = rows[index];
    return {
      ...renderMessage(source, rendering),
      flags: readerFlags(row?.flags ?? null),
      ...(search && row ? searchMatches(row, search) : {}),
    };
  });
}

/**
 * Zulip 10's GET /messages by `message_ids` (feature level 300): those of the
 * IDs the viewer may read that match the narrow, in ID order; the answer
 * names no anchor and claims no end.
 */
export function fetchMessagesByIds(
  services: Services,
  viewer: UserRow,
  query: Rendering & { messageIds: readonly number[]; narrow: readonly Term[] },
) {
  const { sql } = services;
  checkFetchSize(query.messageIds.length);
  const { filter, search } = narrowMessages(
    sql,
    viewer,
    resolveWithOperator(sql, viewer, query.narrow),
  );
  const ids = [...new Set(query.messageIds)].sort((a, b) => a - b);
  const rows = ids.flatMap((id) => messageInFilter(sql, filter, id) ?? []);
  return {
    messages: shownMessages(services, rows, query, search),
    history_limited: false,
    found_anchor: false,
    found_oldest: false,
    found_newest: false,
  };
}

export function fetchMessages(
  services: Services,
  viewer: UserRow,
  query: MessagesQuery,
): MessagesPage {
  checkFetchSize(query.numBefore + query.numAfter);
  const { anchor, window, search } = messagesInRange(services, viewer, query);
  const messages = shownMessages(services, window.rows, query, search);
  return {
    anchor,
    found_anchor: window.found_anchor,
    found_newest: window.found_newest,
    found_oldest: window.found_oldest,
    // Hearth keeps all history, so no realm limit ever hides older messages.
    history_limited: false,
    messages,
  };
}
