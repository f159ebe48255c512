import type { Message, Narrow, OutboxEntry, Snapshot } from '../../../src-preload/bridge';

// Zulip treats topic names that differ only in case as the same topic.
const sameTopic = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

const sameIds = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((id) => b.includes(id));

export function sameNarrow(a: Narrow | null, b: Narrow | null): boolean {
  if (a === null || b === null) return a === b;
  switch (a.kind) {
    case 'all':
      return b.kind === 'all';
    case 'stream':
      return (
        b.kind === 'stream' &&
        a.streamId === b.streamId &&
        (a.topic === undefined || b.topic === undefined
          ? a.topic === b.topic
          : sameTopic(a.topic, b.topic))
      );
    case 'private':
      return b.kind === 'private' && sameIds(a.userIds, b.userIds);
  }
}

/**
 * The people a private message is with, as a private narrow names them: every
 * participant but the user, or the user alone for a message to themselves.
 */
export function conversationPartners(message: Message, ownUserId: number): number[] {
  if (typeof message.display_recipient === 'string') return [];
  const ids = message.display_recipient.map((recipient) => recipient.id);
  const others = ids.filter((id) => id !== ownUserId);
  return others.length > 0 ? others : [ownUserId];
}

export function messageInNarrow(message: Message, narrow: Narrow, ownUserId: number): boolean {
  switch (narrow.kind) {
    case 'all':
      return true;
    case 'stream':
      return (
        message.type === 'stream' &&
        message.stream_id === narrow.streamId &&
        (narrow.topic === undefined || sameTopic(message.subject, narrow.topic))
      );
    case 'private':
      return (
        message.type === 'private' &&
        sameIds(conversationPartners(message, ownUserId), narrow.userIds)
      );
  }
}

/** Unsent messages always go to a stream, so a private narrow shows none. */
export function outboxEntryInNarrow(entry: OutboxEntry, narrow: Narrow): boolean {
  switch (narrow.kind) {
    case 'all':
      return true;
    case 'stream':
      return (
        entry.streamId === narrow.streamId &&
        (narrow.topic === undefined || sameTopic(entry.topic, narrow.topic))
      );
    case 'private':
      return false;
  }
}

/** Merges messages by ID, the newer copy winning, oldest first. */
export function mergeMessages(kept: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(kept.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** How the header names a narrow: `#stream › topic`, the people of a conversation, or all messages. */
export function narrowName(narrow: Narrow, snapshot: Snapshot | null): string {
  switch (narrow.kind) {
    case 'all':
      return 'All messages';
    case 'stream': {
      const name = snapshot?.streams.find((stream) => stream.streamId === narrow.streamId)?.name;
      const stream = `#${name ?? 'unknown stream'}`;
      return narrow.topic === undefined ? stream : `${stream} › ${narrow.topic}`;
    }
    case 'private': {
      const names = narrow.userIds.map(
        (id) =>
          snapshot?.users.find((user) => user.userId === id)?.fullName ??
          (id === snapshot?.user.userId ? snapshot.user.fullName : 'someone'),
      );
      return names.join(', ');
    }
  }
}
