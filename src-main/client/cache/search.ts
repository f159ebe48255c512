import type { Message, NarrowTerm } from '../../wire';
import type { CacheDb } from './cacheDb';
import { MENTIONED, READ, STARRED } from './flags';
import { ftsQuery } from './ftsQuery';
import { messageOfRow, type StoredMessage } from './messages';
import { dmKey, foldTopic } from './narrow';
import { streamIdByName } from './subscriptions';
import { userIdByEmail } from './users';

export interface LocalSearch {
  /** The newest matches, oldest first like the feed. */
  messages: Message[];
  /** Terms the cache cannot apply; the messages were found without them. */
  unapplied: NarrowTerm[];
}

interface Condition {
  sql: string;
  params: unknown[];
}

const never: Condition = { sql: '0', params: [] };

const isConditions: Readonly<Record<string, string>> = {
  unread: `(m.flags & ${READ}) = 0`,
  starred: `(m.flags & ${STARRED}) != 0`,
  mentioned: `(m.flags & ${MENTIONED}) != 0`,
  private: 'm.dm_key IS NOT NULL',
  dm: 'm.dm_key IS NOT NULL',
};

function userId(db: CacheDb, operand: string | number, ownUserId: number | null): number | null {
  if (typeof operand === 'number') return operand;
  if (operand === 'me') return ownUserId;
  return /^\d+$/.test(operand) ? Number(operand) : userIdByEmail(db, operand);
}

// Zulip's dm operand: user IDs, or emails as a list or comma-separated.
function participants(
  db: CacheDb,
  operand: NarrowTerm['operand'],
  ownUserId: number | null,
): number[] | null {
  const listed = Array.isArray(operand)
    ? operand
    : typeof operand === 'number'
      ? [operand]
      : operand.split(',').map((part) => part.trim());
  const ids = listed.map((entry) => userId(db, entry, ownUserId));
  if (ids.some((id) => id === null)) return null;
  const known = ids as number[];
  return ownUserId === null ? known : [...known, ownUserId];
}

/** The SQL for one term, or null if the cache cannot apply it. */
function condition(db: CacheDb, term: NarrowTerm, ownUserId: number | null): Condition | null {
  const { operator, operand } = term;
  if (Array.isArray(operand) && operator !== 'dm' && operator !== 'pm-with') return null;
  const single = operand as string | number;
  switch (operator) {
    case 'stream':
    case 'channel': {
      const id = typeof single === 'number' ? single : streamIdByName(db, single);
      return id === null ? never : { sql: 'm.stream_id = ?', params: [id] };
    }
    case 'topic':
    case 'subject':
      return { sql: 'm.topic_folded = ?', params: [foldTopic(String(single))] };
    case 'sender': {
      const id = userId(db, single, ownUserId);
      return id === null ? never : { sql: 'm.sender_id = ?', params: [id] };
    }
    case 'is': {
      const sql = isConditions[String(single)];
      return sql === undefined ? null : { sql, params: [] };
    }
    case 'has':
      return single === 'link' ? { sql: 'm.has_link = 1', params: [] } : null;
    case 'dm':
    case 'pm-with': {
      const ids = participants(db, operand, ownUserId);
      return ids === null ? never : { sql: 'm.dm_key = ?', params: [dmKey(ids)] };
    }
    default:
      return null;
  }
}

/**
 * Zulip's narrow terms applied to the cached messages. `search` terms go
 * through the full-text index; when one is present, the index drives the
 * query, newest match first, as FTS5 reads its rowids backwards cheaply.
 */
export function searchMessages(
  db: CacheDb,
  terms: readonly NarrowTerm[],
  limit: number,
  ownUserId: number | null,
): LocalSearch {
  const conditions: Condition[] = [];
  const unapplied: NarrowTerm[] = [];
  const wanted: string[] = [];
  for (const term of terms) {
    if (term.operator === 'search') {
      const query = ftsQuery(String(term.operand));
      if (query === null) continue;
      if (term.negated === true) {
        conditions.push({
          sql: 'm.id NOT IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?)',
          params: [query],
        });
      } else wanted.push(query);
      continue;
    }
    const found = condition(db, term, ownUserId);
    if (found === null) unapplied.push(term);
    else conditions.push(term.negated === true ? { ...found, sql: `NOT (${found.sql})` } : found);
  }
  const where = conditions.map((c) => `AND ${c.sql}`).join(' ');
  const params = conditions.flatMap((c) => c.params);
  const rows =
    wanted.length === 0
      ? db.all<StoredMessage>(
          `SELECT m.id, m.json, m.flags FROM messages m WHERE 1 ${where} ORDER BY m.id DESC LIMIT ?`,
          ...params,
          limit,
        )
      : db.all<StoredMessage>(
          `SELECT m.id, m.json, m.flags FROM messages_fts
           JOIN messages m ON m.id = messages_fts.rowid
           WHERE messages_fts MATCH ? ${where} ORDER BY messages_fts.rowid DESC LIMIT ?`,
          wanted.join(' AND '),
          ...params,
          limit,
        );
  return { messages: rows.reverse().map(messageOfRow), unapplied };
}
