import type { Stream, Subscription } from '../wire';
import type { QueuedEvent } from '../wire';
import { byStreamName } from '../registerReads/streamOrder';
import type { NeverSubscribed } from '../wire/registerState';

/** The parts of the state that subscription and stream events keep current. */
export interface SubscriptionContext {
  subscriptions?: Subscription[];
  unsubscribed?: Subscription[];
  never_subscribed?: NeverSubscribed[];
  streams?: Stream[];
  realm_default_streams?: Stream[];
  is_admin?: boolean;
  is_guest?: boolean;
  user_id?: number;
}

interface StreamEntry {
  stream_id: number;
  subscribers?: (number | string)[] | undefined;
  subscriber_count?: number | undefined;
}

const leaving = (ids: ReadonlySet<number>) => (entry: { stream_id: number }) =>
  !ids.has(entry.stream_id);
const ascending = (a: number | string, b: number | string) => Number(a) - Number(b);

/** Applies `change` to the lists the state has, subscribed, left and never joined. */
function eachList<S extends SubscriptionContext>(
  state: S,
  change: <T extends StreamEntry>(list: T[]) => T[],
): S {
  const next = { ...state };
  if (state.subscriptions) next.subscriptions = change(state.subscriptions);
  if (state.unsubscribed) next.unsubscribed = change(state.unsubscribed);
  if (state.never_subscribed) next.never_subscribed = change(state.never_subscribed);
  return next;
}

/**
 * The state's channel objects kept beside the subscription lists (`streams`
 * and `realm_default_streams`), with `count` deciding each named channel's
 * new subscriber_count (feature level 394); those without one keep none.
 */
function recountChannels<S extends SubscriptionContext>(
  state: S,
  streamIds: ReadonlySet<number>,
  count: (entry: StreamEntry) => number | null,
): S {
  const recount = <T extends StreamEntry>(entry: T): T => {
    if (!streamIds.has(entry.stream_id)) return entry;
    const next = count(entry);
    return next === null ? entry : { ...entry, subscriber_count: next };
  };
  const next = { ...state };
  if (state.streams) next.streams = state.streams.map(recount);
  if (state.realm_default_streams) {
    next.realm_default_streams = state.realm_default_streams.map(recount);
  }
  return next;
}

function joined<S extends SubscriptionContext>(
  state: S,
  subscriptions: Subscription[],
  includeSubscribers: boolean,
): S {
  // Zulip's add events always list subscribers; a client that did not ask for them drops them.
  const added = subscriptions.map(({ subscribers, ...rest }) =>
    includeSubscribers && subscribers ? { ...rest, subscribers } : rest,
  );
  const ids = new Set(added.map((sub) => sub.stream_id));
  // No peer event counts the reader in: the subscription's own count is the channel's.
  const counts = new Map(added.map((sub) => [sub.stream_id, sub.subscriber_count]));
  const recounted = recountChannels(state, ids, (entry) => counts.get(entry.stream_id) ?? null);
  const next = eachList(recounted, (list) => list.filter(leaving(ids)));
  return { ...next, subscriptions: [...(next.subscriptions ?? []), ...added].sort(byStreamName) };
}

function left<S extends SubscriptionContext>(state: S, streamIds: ReadonlySet<number>): S {
  const removed = (state.subscriptions ?? []).filter((sub) => streamIds.has(sub.stream_id));
  // Zulip's has_metadata_access_to_previously_subscribed_stream: a private
  // stream stays in view only for an administrator, and nothing for a guest.
  const stillVisible = removed
    .filter((sub) => state.is_admin === true || (!sub.invite_only && state.is_guest !== true))
    .map((sub) => {
      // The reader is counted out as Zulip's app counts them: no peer event comes for them.
      const count = state.user_id === undefined ? null : countAfter(sub, [state.user_id], false);
      const counted = count === null ? sub : { ...sub, subscriber_count: count };
      return sub.subscribers
        ? { ...counted, subscribers: sub.subscribers.filter((id) => id !== state.user_id) }
        : counted;
    });
  const reader = state.user_id;
  const recounted =
    reader === undefined
      ? state
      : recountChannels(state, streamIds, (entry) => countAfter(entry, [reader], false));
  const next = eachList(recounted, (list) => list.filter(leaving(streamIds)));
  if (!next.unsubscribed) return next;
  return { ...next, unsubscribed: [...next.unsubscribed, ...stillVisible].sort(byStreamName) };
}

/**
 * How many subscribe once `users` joined or left: where the entry lists its
 * subscribers, only those not yet in (or still in) the list change the
 * count; each person counts once, however often an event names them.
 */
function countAfter(entry: StreamEntry, users: readonly number[], joining: boolean): number | null {
  if (typeof entry.subscriber_count !== 'number') return null;
  const listed = entry.subscribers ? new Set(entry.subscribers.map(Number)) : null;
  const changed = [...new Set(users)].filter((id) => listed?.has(id) !== joining);
  const count = entry.subscriber_count + (joining ? changed.length : -changed.length);
  return Math.max(0, count);
}

function peersChanged<S extends SubscriptionContext>(state: S, event: QueuedEvent): S {
  const streams = new Set(event.stream_ids as number[]);
  const users = event.user_ids as number[];
  const joining = event.op === 'peer_add';
  const recounted = recountChannels(state, streams, (entry) => countAfter(entry, users, joining));
  return eachList(recounted, (list) =>
    list.map((entry) => {
      if (!streams.has(entry.stream_id)) return entry;
      // Zulip's own reducer leaves subscriber_count (feature level 394) to
      // its clients, which count peers in and out as these events come.
      const count = countAfter(entry, users, joining);
      const next = count === null ? entry : { ...entry, subscriber_count: count };
      if (!entry.subscribers) return next;
      const others = entry.subscribers.filter((id) => !users.includes(Number(id)));
      const subscribers = joining ? [...others, ...users] : others;
      return { ...next, subscribers: subscribers.sort(ascending) };
    }),
  );
}

/**
 * Zulip's apply_event for `subscription`: joining takes a stream out of
 * `unsubscribed` and `never_subscribed`; leaving moves it to `unsubscribed`;
 * property changes and peers joining or leaving update its entry.
 */
export function applySubscriptionEvent<S extends SubscriptionContext>(
  state: S,
  event: QueuedEvent,
  includeSubscribers: boolean,
): S {
  switch (event.op) {
    case 'add':
      if (!state.subscriptions) return state;
      return joined(state, event.subscriptions as Subscription[], includeSubscribers);
    case 'remove': {
      if (!state.subscriptions) return state;
      const ids = (event.subscriptions as { stream_id: number }[]).map((sub) => sub.stream_id);
      return left(state, new Set(ids));
    }
    case 'update': {
      if (!state.subscriptions) return state;
      const subscriptions = state.subscriptions.map((sub) =>
        sub.stream_id === event.stream_id
          ? { ...sub, [event.property as string]: event.value }
          : sub,
      );
      return { ...state, subscriptions };
    }
    case 'peer_add':
    case 'peer_remove':
      return peersChanged(state, event);
    default:
      return state;
  }
}

/**
 * The fields a stream `update` event sets, by property; null for a property
 * set as it is named, on the streams that have it (Zulip's channel group
 * settings, folder_id, topics_policy and the like, from servers after 7.0).
 */
function updatedFields(event: QueuedEvent): Partial<Stream> | null {
  switch (event.property) {
    case 'description':
      return {
        description: event.value as string,
        rendered_description: event.rendered_description as string,
      };
    case 'invite_only':
      return {
        invite_only: event.value as boolean,
        history_public_to_subscribers: event.history_public_to_subscribers as boolean,
        is_web_public: event.is_web_public as boolean,
      };
    case 'name':
    case 'history_public_to_subscribers':
    case 'stream_post_policy':
    case 'is_announcement_only':
      return { [event.property]: event.value };
    default:
      return null;
  }
}

// Zulip's apply_event for a stream `update`: every list that holds the stream
// takes the change, and those kept by name are sorted again after a rename.
function applyStreamUpdate<S extends SubscriptionContext>(state: S, event: QueuedEvent): S {
  const named = updatedFields(event);
  const property = String(event.property);
  const changed = <T extends { stream_id: number }>(entry: T): T => {
    if (entry.stream_id !== event.stream_id) return entry;
    if (named) return { ...entry, ...named };
    return property in entry ? { ...entry, [property]: event.value } : entry;
  };
  const update = <T extends { stream_id: number; name: string }>(list: T[]): T[] => {
    const next = list.map(changed);
    return named && 'name' in named ? next.sort(byStreamName) : next;
  };
  const byId = <T extends { stream_id: number }>(list: T[]): T[] => list.map(changed);
  const next = { ...state };
  if (state.subscriptions) next.subscriptions = update(state.subscriptions);
  if (state.unsubscribed) next.unsubscribed = update(state.unsubscribed);
  if (state.never_subscribed) next.never_subscribed = update(state.never_subscribed);
  if (state.streams) next.streams = byId(state.streams);
  if (state.realm_default_streams) next.realm_default_streams = byId(state.realm_default_streams);
  return next;
}

/**
 * The channels a `delete` names: Zulip 10 (feature level 343) lists their IDs
 * as `stream_ids` and deprecates the `streams` objects that came before.
 */
function deletedIds(event: QueuedEvent): Set<number> {
  if (Array.isArray(event.stream_ids)) return new Set(event.stream_ids as number[]);
  return new Set((event.streams as Stream[]).map((stream) => stream.stream_id));
}

/**
 * Zulip's apply_event for `stream`: a new stream joins `streams` and, for
 * anyone but a guest, `never_subscribed`; a deleted one (or one the user
 * can no longer see) leaves every list.
 */
export function applyStreamEvent<S extends SubscriptionContext>(
  state: S,
  event: QueuedEvent,
  includeSubscribers: boolean,
): S {
  if (event.op === 'update') return applyStreamUpdate(state, event);
  if (event.op === 'delete') return applyStreamDeletion(state, deletedIds(event));
  const changed = event.streams as Stream[];
  const ids = new Set(changed.map((stream) => stream.stream_id));
  switch (event.op) {
    case 'create': {
      const next = { ...state };
      if (state.streams) {
        const others = state.streams.filter(leaving(ids));
        next.streams = [...others, ...changed].sort((a, b) => a.stream_id - b.stream_id);
      }
      if (state.never_subscribed && state.is_guest !== true) {
        const known = new Set(
          [
            ...(state.subscriptions ?? []),
            ...(state.unsubscribed ?? []),
            ...state.never_subscribed,
          ].map((entry) => entry.stream_id),
        );
        // A server tells of a private stream only those who see it: its
        // administrators, those about to join it and, since Zulip 10 (feature
        // level 349), those its settings grant metadata access.
        const joinable = changed
          .filter((stream) => !known.has(stream.stream_id))
          .map((stream) => ({
            ...stream,
            stream_weekly_traffic: null,
            ...(includeSubscribers ? { subscribers: [] } : {}),
          }));
        next.never_subscribed = [...state.never_subscribed, ...joinable].sort(byStreamName);
      }
      return next;
    }
    default:
      return state;
  }
}

function applyStreamDeletion<S extends SubscriptionContext>(state: S, ids: Set<number>): S {
  const next = { ...state };
  // An archived stream's subscriptions end with no event of their own (Zulip 7.0).
  if (state.subscriptions) next.subscriptions = state.subscriptions.filter(leaving(ids));
  if (state.streams) next.streams = state.streams.filter(leaving(ids));
  if (state.unsubscribed) next.unsubscribed = state.unsubscribed.filter(leaving(ids));
  if (state.never_subscribed) {
    next.never_subscribed = state.never_subscribed.filter(leaving(ids));
  }
  return next;
}
