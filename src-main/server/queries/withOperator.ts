import { ApiError, errors } from '../errors';
import type { Term } from '../narrow/terms';
import { huddleMemberIds } from '../store/huddles';
import type { ViewedMessageRow } from '../store/messages';
import { RecipientType } from '../store/recipients';
import type { Sql } from '../store/sql';
import type { UserRow } from '../store/users';
import { accessMessage } from './messageAccess';

// The terms a `with` replaces by the conversation its message is in now.
const conversationOperators: ReadonlySet<string> = new Set([
  'stream',
  'channel',
  'topic',
  'dm',
  'pm-with',
]);

// Zulip's can_narrow_define_conversation: a direct message term, or a channel and a topic.
function definesConversation(terms: readonly Term[]): boolean {
  const has = (...names: string[]) => terms.some((term) => names.includes(term.operator));
  return has('dm', 'pm-with') || (has('stream', 'channel') && has('topic'));
}

function readable(sql: Sql, viewer: UserRow, messageId: number): ViewedMessageRow | null {
  try {
    return accessMessage(sql, viewer, messageId);
  } catch {
    return null;
  }
}

const term = (operator: string, operand: Term['operand']): Term => ({
  operator,
  operand,
  negated: false,
});

/**
 * Zulip's `with` operator (feature level 271): a link to a message's
 * conversation that survives the message moving. The term is replaced by the
 * conversation the message is in now, in place of any channel, topic or
 * direct message terms beside it; a message the viewer cannot read leaves the
 * other terms as they are where they name a conversation, and is refused
 * where they do not.
 */
export function resolveWithOperator(sql: Sql, viewer: UserRow, terms: readonly Term[]): Term[] {
  const withTerms = terms.filter((found) => found.operator === 'with');
  const [withTerm, second] = withTerms;
  if (!withTerm) return [...terms];
  if (second) {
    throw new ApiError(
      "Invalid narrow operator combination: Duplicate 'with' operators.",
      'BAD_NARROW',
    );
  }
  const others = terms.filter((found) => found !== withTerm);
  const operand = String(withTerm.operand);
  if (!/^\d+$/.test(operand)) throw errors.badNarrow("Invalid 'with' operator");
  const message = readable(sql, viewer, Number(operand));
  if (!message) {
    if (definesConversation(others)) return others;
    throw errors.badNarrow("Invalid 'with' operator");
  }
  const rest = others.filter((found) => !conversationOperators.has(found.operator));
  if (message.recipient_type === RecipientType.stream) {
    return [term('channel', message.recipient_type_id), term('topic', message.subject), ...rest];
  }
  const people =
    message.recipient_type === RecipientType.huddle
      ? huddleMemberIds(sql, message.recipient_type_id)
      : [...new Set([message.sender_id, message.recipient_type_id])];
  return [term('dm', people), ...rest];
}
