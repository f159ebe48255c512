import type { NarrowTerm } from '../../wire';
import { errors } from '../errors';
import type { MessageFilter } from '../store/messages';
import type { Sql } from '../store/sql';
import { streamById, streamByName, type StreamRow } from '../store/streams';
import { isSubscribed } from '../store/subscriptions';
import { userByEmail, userById, type UserRow } from '../store/users';

function operandText(term: NarrowTerm): string {
  if (typeof term.operand === 'string') return term.operand;
  if (typeof term.operand === 'number') return String(term.operand);
  throw errors.badNarrow(`${term.operator} needs a single operand`);
}

function findStream(sql: Sql, term: NarrowTerm): StreamRow {
  const stream =
    typeof term.operand === 'number'
      ? streamById(sql, term.operand)
      : streamByName(sql, operandText(term));
  if (!stream) throw errors.badNarrow('unknown stream');
  return stream;
}

// Zulip shows a stream's whole history to anyone allowed to read it; other
// messages are visible only to those who received them.
function canReadHistory(sql: Sql, viewer: UserRow, stream: StreamRow): boolean {
  if (stream.invite_only === 0) return true;
  return (
    stream.history_public_to_subscribers === 1 && isSubscribed(sql, viewer.id, stream.recipient_id)
  );
}

/** Translates a GET /messages narrow into the filter the message store understands. */
export function messageFilterFor(
  sql: Sql,
  viewer: UserRow,
  terms: readonly NarrowTerm[],
): MessageFilter {
  const filter: MessageFilter = { viewerId: viewer.id, viewerRowsOnly: true };
  for (const term of terms) {
    if (term.negated) throw errors.badNarrow(`negated ${term.operator} is not supported yet`);
    switch (term.operator) {
      case 'stream':
      case 'channel': {
        const stream = findStream(sql, term);
        filter.recipientId = stream.recipient_id;
        if (canReadHistory(sql, viewer, stream)) filter.viewerRowsOnly = false;
        break;
      }
      case 'topic':
      case 'subject':
        filter.topic = operandText(term);
        break;
      case 'is':
        if (!['private', 'dm'].includes(operandText(term))) {
          throw errors.badNarrow(`unknown 'is' operand ${operandText(term)}`);
        }
        filter.privateOnly = true;
        break;
      case 'sender': {
        const sender =
          typeof term.operand === 'number'
            ? userById(sql, term.operand)
            : userByEmail(sql, operandText(term));
        if (!sender) throw errors.badNarrow('unknown user');
        filter.senderId = sender.id;
        break;
      }
      default:
        throw errors.badNarrow(`unknown operator ${term.operator}`);
    }
  }
  // A private-message narrow never reaches another user's conversations.
  if (filter.privateOnly) filter.viewerRowsOnly = true;
  return filter;
}
