import type { Destination, OutboxEntry, OutboxTarget } from '../../../src-preload/bridge';
import type { Cache } from '../cache/accountCache';
import { mt } from '../../i18n/mainText';
import type { OutboxDestination, OutboxEntry as StoredEntry } from '../cache/outbox';

/**
 * Where the outbox keeps a message the window asked to send: the stream by
 * name as well, and each person by email, so that what waits can be shown
 * and looked for on the server even if the cache later forgets them.
 */
export function storedDestination(cache: Cache, to: Destination): OutboxDestination {
  if (to.kind === 'stream') {
    const stream = cache.subscription(to.streamId);
    if (!stream) throw new Error(mt('main.channels.notSubscribedTo', { id: String(to.streamId) }));
    return { type: 'stream', streamId: to.streamId, streamName: stream.name, topic: to.topic };
  }
  const users = new Map(cache.users().map((user) => [user.user_id, user]));
  // As a private narrow names the conversation: the sender is in it anyway.
  const me = cache.ownUserId;
  const others = [...new Set(to.userIds)].filter((id) => id !== me).sort((a, b) => a - b);
  const userIds = others.length > 0 || me === null ? others : [me];
  const emails = userIds.map((id) => {
    const user = users.get(id);
    if (!user?.is_active) throw new Error(mt('main.outbox.noSuchUser', { id: String(id) }));
    return user.email;
  });
  return { type: 'private', userIds, emails };
}

/** How the window names where an entry goes. */
function target(cache: Cache, destination: OutboxDestination): OutboxTarget {
  if (destination.type === 'stream') {
    const { streamId, streamName, topic } = destination;
    return { kind: 'stream', streamId, stream: streamName, topic };
  }
  const me = cache.ownUserId;
  const others = destination.userIds.filter((id) => id !== me);
  const userIds = others.length > 0 || me === null ? others : [me];
  const names = new Map(cache.users().map((user) => [user.user_id, user.full_name]));
  return {
    kind: 'private',
    userIds,
    names: userIds.map(
      (id) => names.get(id) ?? destination.emails[destination.userIds.indexOf(id)] ?? 'someone',
    ),
  };
}

/** An outbox entry as the window shows it; `online` tells sending from waiting. */
export function bridgeEntry(cache: Cache, entry: StoredEntry, online: boolean): OutboxEntry {
  return {
    localId: entry.localId,
    to: target(cache, entry.destination),
    content: entry.content,
    createdAt: entry.createdAt,
    state: entry.state === 'failed' ? 'failed' : online ? 'sending' : 'waiting',
    error: entry.state === 'failed' ? entry.lastError : null,
  };
}
