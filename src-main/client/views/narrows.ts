import type { Narrow, OutboxEntry } from '../../../src-preload/bridge';
import { mentionFlagNames, type NarrowTerm } from '../../wire';
import type { Narrow as CacheNarrow } from '../cache/narrow';

/** The cache's name for a narrow of the window. */
export function cacheNarrow(narrow: Narrow): CacheNarrow {
  switch (narrow.kind) {
    case 'all':
      return { kind: 'all' };
    case 'stream':
      return narrow.topic === undefined
        ? { kind: 'stream', streamId: narrow.streamId }
        : { kind: 'topic', streamId: narrow.streamId, topic: narrow.topic };
    case 'private':
      return { kind: 'dm', userIds: narrow.userIds };
    case 'mentioned':
    case 'starred':
    case 'dms':
      return { kind: narrow.kind };
  }
}

/** The narrow as Zulip's GET /messages takes it (7.0 operators, streams and users by ID). */
export function narrowTerms(narrow: Narrow): NarrowTerm[] {
  switch (narrow.kind) {
    case 'all':
      return [];
    case 'stream':
      return [
        { operator: 'stream', operand: narrow.streamId },
        ...(narrow.topic === undefined ? [] : [{ operator: 'topic', operand: narrow.topic }]),
      ];
    case 'private':
      return [{ operator: 'pm-with', operand: [...narrow.userIds] }];
    case 'mentioned':
    case 'starred':
      return [{ operator: 'is', operand: narrow.kind }];
    case 'dms':
      // 7.0 still answers to is:private, which older servers know too.
      return [{ operator: 'is', operand: 'private' }];
  }
}

/** The view of a Zulip `is:` operand that the window has; null for others. */
export function viewOfIs(operand: unknown): Narrow | null {
  switch (operand) {
    case 'mentioned':
    case 'starred':
      return { kind: operand };
    case 'dm':
    case 'private':
      return { kind: 'dms' };
    default:
      return null;
  }
}

/** The window's narrow from the terms an account list keeps; null for terms it does not show. */
export function narrowOfTerms(terms: readonly NarrowTerm[]): Narrow | null {
  if (terms.length === 0) return { kind: 'all' };
  const [only, ...more] = terms;
  if (only?.operator === 'is' && more.length === 0) return viewOfIs(only.operand);
  const stream = terms.find((term) => term.operator === 'stream')?.operand;
  const topic = terms.find((term) => term.operator === 'topic')?.operand;
  if (typeof stream === 'number') {
    return typeof topic === 'string'
      ? { kind: 'stream', streamId: stream, topic }
      : { kind: 'stream', streamId: stream };
  }
  const users = terms.find((term) => term.operator === 'pm-with')?.operand;
  if (Array.isArray(users) && users.every((id) => typeof id === 'number') && users.length > 0) {
    return { kind: 'private', userIds: users as number[] };
  }
  return null;
}

/** The window's narrow of a private conversation among `userIds`: the others, or oneself alone. */
export function privateNarrow(userIds: readonly number[], ownUserId: number): Narrow {
  const others = userIds.filter((id) => id !== ownUserId);
  return { kind: 'private', userIds: others.length > 0 ? others : [ownUserId] };
}

/** Whether a message belongs to the narrow, to push it to a feed that shows it. */
export function inNarrow(
  narrow: Narrow,
  message: {
    stream_id?: number | undefined;
    subject: string;
    display_recipient: unknown;
    flags?: readonly string[] | undefined;
  },
  ownUserId: number | null,
): boolean {
  switch (narrow.kind) {
    case 'all':
      return true;
    case 'mentioned':
      return (message.flags ?? []).some((flag) => mentionFlagNames.includes(flag));
    case 'starred':
      return (message.flags ?? []).includes('starred');
    case 'dms':
      return Array.isArray(message.display_recipient);
    case 'stream':
      return (
        message.stream_id === narrow.streamId &&
        (narrow.topic === undefined || message.subject.toLowerCase() === narrow.topic.toLowerCase())
      );
    case 'private': {
      if (!Array.isArray(message.display_recipient)) return false;
      const others = (message.display_recipient as { id: number }[])
        .map((user) => user.id)
        .filter((id) => id !== ownUserId)
        .sort((a, b) => a - b);
      const wanted = narrow.userIds.filter((id) => id !== ownUserId).sort((a, b) => a - b);
      return others.length === wanted.length && others.every((id, index) => id === wanted[index]);
    }
  }
}

/**
 * Whether a message that waits to be sent shows in the narrow: as the message
 * it will be, which mentions nobody and is not starred yet.
 */
export function outboxInNarrow(
  narrow: Narrow,
  entry: OutboxEntry,
  ownUserId: number | null,
): boolean {
  const { to } = entry;
  if (to.kind === 'stream') {
    return inNarrow(
      narrow,
      { stream_id: to.streamId, subject: to.topic, display_recipient: to.stream },
      ownUserId,
    );
  }
  const recipients = [...to.userIds, ...(ownUserId === null ? [] : [ownUserId])];
  return inNarrow(
    narrow,
    { subject: '', display_recipient: recipients.map((id) => ({ id })) },
    ownUserId,
  );
}
