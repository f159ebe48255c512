import { canAccessStream } from '../queries/streamAccess';
import type { Sql } from '../store/sql';
import type { StreamRow } from '../store/streams';
import { Role, type UserRow } from '../store/users';
import { findStream } from './operands';
import type { Term } from './terms';

// Zulip's can_access_stream_history: a public stream's history is open to
// every member but guests; a private stream's only to those with access to its
// content (its subscribers, and since Zulip 10 those its content-granting
// settings name), and only when the stream shares history with them.
export function canAccessStreamHistory(sql: Sql, viewer: UserRow, stream: StreamRow): boolean {
  const isGuest = viewer.role === Role.guest;
  if (stream.invite_only === 0 && stream.history_public_to_subscribers === 1 && !isGuest) {
    return true;
  }
  return stream.history_public_to_subscribers === 1 && canAccessStream(sql, viewer, stream);
}

/**
 * Zulip's ok_to_include_history: a narrow may reach messages the viewer never
 * received only when a stream term confines it to a stream whose history the
 * viewer may read (the last such term decides, as in Zulip), or to public
 * streams; never with an `is:` term, which tests the viewer's own flags.
 */
export function includesHistory(sql: Sql, viewer: UserRow, terms: readonly Term[]): boolean {
  let include = false;
  for (const term of terms) {
    if (term.negated) continue;
    if (term.operator === 'stream' || term.operator === 'channel') {
      include = canAccessStreamHistory(sql, viewer, findStream(sql, term));
    } else if (
      (term.operator === 'streams' || term.operator === 'channels') &&
      term.operand === 'public'
    ) {
      include = viewer.role !== Role.guest;
    }
  }
  return include && !terms.some((term) => term.operator === 'is');
}
