import type { Subscription, UnreadMessageDetails, UnreadMsgs } from '../wire';
import type { QueuedEvent } from '../wire';
import type { UserTopic } from '../wire/registerState';
import { topicMuting, type IsMuted, type TopicPolicy } from '../registerReads/topicMuting';
import {
  huddleKey,
  summarizeUnread,
  unreadEntries,
  type UnreadEntry,
  type UnreadPlace,
} from '../registerReads/unreadSummary';

/** The parts of the state the unread summary depends on. */
export interface UnreadContext {
  unread_msgs?: UnreadMsgs;
  subscriptions?: Subscription[];
  user_topics?: UserTopic[];
  muted_topics?: [string, string, number][];
}

// Muting as the state shows it: muted subscriptions, and the topic policies
// (or, for a client that only follows the legacy list, its muted topics).
function mutingInState(state: UnreadContext): IsMuted {
  const subscriptions = state.subscriptions ?? [];
  const mutedStreams = subscriptions.filter((sub) => sub.is_muted).map((sub) => sub.stream_id);
  let policies: TopicPolicy[] = state.user_topics ?? [];
  if (!state.user_topics && state.muted_topics) {
    const idByName = new Map(subscriptions.map((sub) => [sub.name, sub.stream_id]));
    policies = state.muted_topics.flatMap(([streamName, topic]) => {
      const streamId = idByName.get(streamName);
      return streamId === undefined
        ? []
        : [{ stream_id: streamId, topic_name: topic, visibility_policy: 1 }];
    });
  }
  return topicMuting(mutedStreams, policies);
}

interface EventMessage {
  id: number;
  type: 'stream' | 'private';
  stream_id?: number;
  subject: string;
  display_recipient: string | { id: number }[];
}

// Zulip's apply_unread_message_event: where a new message waits for the reader.
function placeOfMessage(message: EventMessage, userId: number): UnreadPlace | null {
  if (message.type === 'stream') {
    if (message.stream_id === undefined) return null;
    return { kind: 'stream', streamId: message.stream_id, topic: message.subject };
  }
  if (!Array.isArray(message.display_recipient)) return null;
  const everyone = message.display_recipient.map((recipient) => recipient.id);
  const others = everyone.filter((id) => id !== userId);
  if (others.length <= 1) return { kind: 'private', otherUserId: others[0] ?? userId };
  return { kind: 'huddle', userIdsString: huddleKey(everyone) };
}

// Zulip's add_message_to_unread_msgs, from the details of a message marked unread.
function placeOfDetails(details: UnreadMessageDetails, userId: number): UnreadPlace {
  if (details.type === 'stream') {
    return { kind: 'stream', streamId: details.stream_id, topic: details.topic };
  }
  if (details.user_ids.length <= 1) {
    return { kind: 'private', otherUserId: details.user_ids[0] ?? userId };
  }
  return { kind: 'huddle', userIdsString: huddleKey([...details.user_ids, userId]) };
}

// Personal mentions always count; wildcard mentions only outside muted conversations.
const wildcardFlags = [
  'wildcard_mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
] as const;

function isMention(flags: readonly string[], place: UnreadPlace, isMuted: IsMuted): boolean {
  if (flags.includes('mentioned')) return true;
  // Zulip 8 split the wildcard flag into channel and topic wildcards (feature
  // level 224); an edit's event names only the new ones.
  if (!wildcardFlags.some((flag) => flags.includes(flag))) return false;
  return place.kind !== 'stream' || !isMuted(place.streamId, place.topic);
}

const unreadEventTypes: ReadonlySet<string> = new Set([
  'message',
  'update_message_flags',
  'delete_message',
  'update_message',
  'subscription',
  'stream',
  'user_topic',
  'muted_topics',
]);

interface Working {
  entries: UnreadEntry[];
  mentions: Set<number>;
}

/**
 * Keeps `unread_msgs` current, as Zulip's apply_event does for its raw
 * unread data: new messages, read and unread flags, deletions, topics moved,
 * mentions changed by an edit, streams left, and changes of muting (which
 * move messages in or out of `count`). A wildcard mention in a conversation
 * muted afterwards stays among the mentions; the state cannot tell it from a
 * personal one, and Zulip 7.0 leaves it there too.
 */
export function applyUnreadEvent<S extends UnreadContext>(
  state: S,
  event: QueuedEvent,
  userId: number,
): S {
  const unread = state.unread_msgs;
  if (!unread || !unreadEventTypes.has(event.type)) return state;
  const isMuted = mutingInState(state);
  const current: Working = { entries: unreadEntries(unread), mentions: new Set(unread.mentions) };
  const changed = changeUnread(current, event, userId, isMuted, state);
  if (changed === 'unchanged') return state;
  const next = changed ?? current;
  return {
    ...state,
    unread_msgs: summarizeUnread(next.entries, next.mentions, isMuted, unread.old_unreads_missing),
  };
}

const without = (working: Working, gone: (entry: UnreadEntry) => boolean): Working => {
  const removed = new Set(working.entries.filter(gone).map((entry) => entry.id));
  return {
    entries: working.entries.filter((entry) => !removed.has(entry.id)),
    mentions: new Set([...working.mentions].filter((id) => !removed.has(id))),
  };
};

/** The new working set, null to recount the same one, or 'unchanged'. */
function changeUnread(
  working: Working,
  event: QueuedEvent,
  userId: number,
  isMuted: IsMuted,
  state: UnreadContext,
): Working | null | 'unchanged' {
  switch (event.type) {
    case 'message': {
      const flags = (event.flags as string[] | undefined) ?? [];
      const message = event.message as EventMessage;
      const place = placeOfMessage(message, userId);
      if (flags.includes('read') || !place) return 'unchanged';
      const mentions = new Set(working.mentions);
      if (isMention(flags, place, isMuted)) mentions.add(message.id);
      const others = working.entries.filter((entry) => entry.id !== message.id);
      return { entries: [...others, { id: message.id, place }], mentions };
    }
    case 'update_message_flags': {
      if (event.flag !== 'read') return 'unchanged';
      if (event.op === 'add') {
        if (event.all === true) return { entries: [], mentions: new Set() };
        const read = new Set(event.messages as number[]);
        return without(working, (entry) => read.has(entry.id));
      }
      const details = (event.message_details ?? {}) as Record<string, UnreadMessageDetails>;
      const mentions = new Set(working.mentions);
      const added = Object.entries(details).map(([id, detail]) => {
        if (detail.mentioned) mentions.add(Number(id));
        return { id: Number(id), place: placeOfDetails(detail, userId) };
      });
      const ids = new Set(added.map((entry) => entry.id));
      const others = working.entries.filter((entry) => !ids.has(entry.id));
      return { entries: [...others, ...added], mentions };
    }
    case 'delete_message': {
      const deleted = new Set(
        (event.message_ids as number[] | undefined) ?? [event.message_id as number],
      );
      return without(working, (entry) => deleted.has(entry.id));
    }
    case 'update_message':
      return applyEdit(working, event, isMuted, subscribedTo(state));
    case 'subscription': {
      if (event.op === 'remove') {
        const left = new Set(
          (event.subscriptions as { stream_id: number }[]).map((s) => s.stream_id),
        );
        return without(
          working,
          (entry) => entry.place.kind === 'stream' && left.has(entry.place.streamId),
        );
      }
      return event.op === 'update' ? null : 'unchanged';
    }
    case 'stream': {
      // An archived stream's messages are read for everyone (Zulip's
      // mark_stream_messages_as_read_for_everyone), with no flags event.
      if (event.op !== 'delete') return 'unchanged';
      const gone = new Set((event.streams as { stream_id: number }[]).map((s) => s.stream_id));
      return without(
        working,
        (entry) => entry.place.kind === 'stream' && gone.has(entry.place.streamId),
      );
    }
    case 'user_topic':
    case 'muted_topics':
      return null;
    default:
      return 'unchanged';
  }
}

/** Whether the state holds a subscription to the stream, or cannot tell. */
function subscribedTo(state: UnreadContext): (streamId: number) => boolean {
  if (!state.subscriptions) return () => true;
  const ids = new Set(state.subscriptions.map((sub) => sub.stream_id));
  return (streamId) => ids.has(streamId);
}

// Zulip's apply_event for update_message: moved messages take their new
// topic and stream; the edited message's mention follows the reader's new
// flags. Moved to a stream the reader is not in, they stop counting, as
// /register counts only subscribed streams.
function applyEdit(
  working: Working,
  event: QueuedEvent,
  isMuted: IsMuted,
  isSubscribed: (streamId: number) => boolean,
): Working {
  let entries = working.entries;
  const dropped = new Set<number>();
  const topic = event.subject as string | undefined;
  const streamId = event.new_stream_id as number | undefined;
  if (topic !== undefined || streamId !== undefined) {
    const moved = new Set(event.message_ids as number[]);
    entries = entries.flatMap((entry) => {
      if (!moved.has(entry.id) || entry.place.kind !== 'stream') return [entry];
      const place = {
        ...entry.place,
        topic: topic ?? entry.place.topic,
        streamId: streamId ?? entry.place.streamId,
      };
      if (streamId === undefined || isSubscribed(streamId)) return [{ id: entry.id, place }];
      dropped.add(entry.id);
      return [];
    });
  }
  const mentions = new Set([...working.mentions].filter((id) => !dropped.has(id)));
  const flags = event.flags as string[] | undefined;
  const edited = entries.find((entry) => entry.id === event.message_id);
  if (flags && edited && event.rendered_content !== undefined) {
    if (isMention(flags, edited.place, isMuted)) mentions.add(edited.id);
    else mentions.delete(edited.id);
  }
  return { entries, mentions };
}
