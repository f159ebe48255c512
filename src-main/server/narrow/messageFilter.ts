import { errors } from '../errors';
import type { MessageFilter } from '../store/messages';
import type { Sql } from '../store/sql';
import type { UserRow } from '../store/users';
import { Conditions, NEVER } from './conditions';
import { includesHistory } from './history';
import { textOperand } from './operands';
import { operators } from './operators';
import { searchQuery, type SearchQuery } from './search';
import type { Term } from './terms';

export interface Narrowed {
  filter: MessageFilter;
  /** Present for a `search:` narrow, whose results carry highlighted matches. */
  search: SearchQuery | null;
  /** Whether a stream term names the stream, so muted streams stay in view. */
  namesStream: boolean;
}

/** Translates a GET /messages narrow into the filter the message store understands. */
export function narrowMessages(sql: Sql, viewer: UserRow, terms: readonly Term[]): Narrowed {
  const out = new Conditions();
  const searchOperands: string[] = [];
  for (const term of terms) {
    // Zulip joins every `search:` operand into one search and ignores their negation.
    if (term.operator === 'search') {
      const operand = textOperand(term);
      if (operand.trim() === '') throw errors.badNarrow('search operand cannot be blank');
      searchOperands.push(operand);
      continue;
    }
    const operator = operators[term.operator];
    if (!operator) throw errors.badNarrow(`unknown operator ${term.operator}`);
    const condition = operator(term, { sql, viewer, out });
    if (condition !== null) out.add(condition, term.negated);
  }
  const search = searchOperands.length > 0 ? searchQuery(searchOperands) : null;
  const namesStream = terms.some(
    (term) => !term.negated && (term.operator === 'stream' || term.operator === 'channel'),
  );
  // The partial unread index reaches the viewer's unread rows, usually far
  // fewer than a stream's messages.
  const unreadOnly = terms.some(
    (term) => !term.negated && term.operator === 'is' && term.operand === 'unread',
  );
  if (searchOperands.length > 0) {
    out.add(
      search
        ? `m.id IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ${out.bind(search.match)})`
        : NEVER,
      false,
    );
  }
  return {
    filter: {
      viewerId: viewer.id,
      includeHistory: includesHistory(sql, viewer, terms),
      withinStream: namesStream && !unreadOnly,
      clauses: out.clauses,
      params: out.params,
    },
    search: searchOperands.length > 0 ? (search ?? { match: '', words: [] }) : null,
    namesStream,
  };
}
