import type {
  MentionFlag,
  Message,
  Narrow,
  OutboxEntry,
  Snapshot,
} from '../../../src-preload/bridge';
import { t } from './i18n.svelte';
import { markedName } from './people';

// Zulip treats topic names that differ only in case as the same topic.
const sameTopic = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

const sameIds = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((id) => b.includes(id));

// The window cannot import the main side's list, only its type: each name
// must be one of its flags, and the type of the list fails to compile when
// one of its flags is left out.
const mentionFlags = [
  'mentioned',
  'wildcard_mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
] as const satisfies readonly MentionFlag[];
const mentionFlagNames: [Exclude<MentionFlag, (typeof mentionFlags)[number]>] extends [never]
  ? readonly string[]
  : never = mentionFlags;

export function sameNarrow(a: Narrow | null, b: Narrow | null): boolean {
  if (a === null || b === null) return a === b;
  switch (a.kind) {
    case 'all':
    case 'mentioned':
    case 'starred':
    case 'dms':
      return b.kind === a.kind;
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
    case 'mentioned':
      return (message.flags ?? []).some((flag) => mentionFlagNames.includes(flag));
    case 'starred':
      return (message.flags ?? []).includes('starred');
    case 'dms':
      return message.type === 'private';
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

/** Whether an unsent message shows in the narrow: it mentions nobody and is not starred yet. */
export function outboxEntryInNarrow(entry: OutboxEntry, narrow: Narrow): boolean {
  const { to } = entry;
  switch (narrow.kind) {
    case 'all':
      return true;
    case 'mentioned':
    case 'starred':
      return false;
    case 'dms':
      return to.kind === 'private';
    case 'stream':
      return (
        to.kind === 'stream' &&
        to.streamId === narrow.streamId &&
        (narrow.topic === undefined || sameTopic(to.topic, narrow.topic))
      );
    case 'private':
      return to.kind === 'private' && sameIds(to.userIds, narrow.userIds);
  }
}

/** How the header names a narrow: `#stream › topic`, the people of a conversation, or all messages. */
export function narrowName(narrow: Narrow, snapshot: Snapshot | null): string {
  switch (narrow.kind) {
    case 'all':
      return t('window.narrow.all');
    case 'mentioned':
      return t('window.narrow.mentions');
    case 'starred':
      return t('window.narrow.starred');
    case 'dms':
      return t('window.narrow.directMessages');
    case 'stream': {
      const name = [...(snapshot?.streams ?? []), ...(snapshot?.archivedChannels ?? [])].find(
        (stream) => stream.streamId === narrow.streamId,
      )?.name;
      const stream = `#${name ?? t('window.narrow.unknownChannel')}`;
      if (narrow.topic === undefined) return stream;
      const topic =
        narrow.topic === ''
          ? (snapshot?.compose.emptyTopicName ?? t('window.narrow.generalChat'))
          : narrow.topic;
      return `${stream} › ${topic}`;
    }
    case 'private': {
      const names = narrow.userIds.map((id) =>
        markedName(
          snapshot?.users.find((user) => user.userId === id)?.fullName ??
            (id === snapshot?.user.userId ? snapshot.user.fullName : t('window.narrow.someone')),
          snapshot?.guests.includes(id),
        ),
      );
      return names.join(', ');
    }
  }
}

/** The narrow's unread count as the sidebar has it; null where the sidebar keeps none. */
export function narrowUnread(narrow: Narrow, snapshot: Snapshot, allUnread: number): number | null {
  switch (narrow.kind) {
    case 'all':
      return allUnread;
    case 'mentioned':
      return snapshot.unread.mentions;
    case 'dms':
      return snapshot.unread.dms;
    case 'starred':
      return null;
    case 'stream': {
      const stream = snapshot.streams.find((each) => each.streamId === narrow.streamId);
      if (!stream) return 0;
      if (narrow.topic === undefined) return stream.unread;
      const topic = narrow.topic.toLowerCase();
      return stream.topics.find((each) => each.name.toLowerCase() === topic)?.unread ?? 0;
    }
    case 'private': {
      const [only, ...more] = narrow.userIds;
      if (more.length > 0) return null;
      return snapshot.users.find((user) => user.userId === only)?.unread ?? 0;
    }
  }
}
