import { errors } from '../errors';
import type { MessageNotice } from './notice';

export interface QueueNarrowTerm {
  operator: string;
  operand: string;
}

const supported = new Set(['stream', 'channel', 'topic', 'subject', 'is', 'sender']);

/** Checks a register `narrow` once, so that delivery never meets an unknown term. */
export function checkQueueNarrow(terms: readonly QueueNarrowTerm[]): void {
  for (const term of terms) {
    if (!supported.has(term.operator)) throw errors.badNarrow(`unknown operator ${term.operator}`);
    if (term.operator === 'is' && !['private', 'dm'].includes(term.operand)) {
      throw errors.badNarrow(`unknown 'is' operand ${term.operand}`);
    }
  }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function termMatches(term: QueueNarrowTerm, notice: MessageNotice): boolean {
  switch (term.operator) {
    case 'stream':
    case 'channel':
      return notice.stream !== null && same(notice.stream.name, term.operand);
    case 'topic':
    case 'subject':
      return notice.stream !== null && same(notice.topic, term.operand);
    case 'is':
      return notice.stream === null;
    case 'sender':
      return same(notice.senderEmail, term.operand);
    default:
      return false;
  }
}

// Zulip's narrowed queues (a bot following one stream) filter message events
// only. Asked of every receiving queue, so an indexed loop, which leaves no
// closure or iterator behind.
export function noticeMatchesNarrow(
  terms: readonly QueueNarrowTerm[],
  notice: MessageNotice,
): boolean {
  for (let index = 0; index < terms.length; index++) {
    const term = terms[index];
    if (term && !termMatches(term, notice)) return false;
  }
  return true;
}
