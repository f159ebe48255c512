import { announceAccessChanges } from './accessChanges';
import { guestAccessSnapshot } from './userAccess';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { streamByName, type StreamRow } from '../store/streams';
import { deactivateSubscription } from '../store/subscriptions';
import { subscriberWatchers } from '../queries/subscriberAccess';
import { mayRemoveSubscribers } from './channelPermission';
import { markStreamAsRead } from './markAsRead';
import { toWireStream } from '../shape/streams';
import type { UserRow } from '../store/users';
import { seesUnsubscribed } from '../queries/streamAccess';

export interface UnsubscribeResult {
  removed: string[];
  notRemoved: string[];
}

/** Takes `users` out of the named streams, as `actor` asked. */
export function unsubscribe(
  services: Services,
  actor: UserRow,
  streamNames: readonly string[],
  users: readonly UserRow[],
): UnsubscribeResult {
  const { sql, queues } = services;
  const access = guestAccessSnapshot(sql);
  const outcome = sql.transaction(() => {
    const streams = streamNames.map((name) => {
      const stream = streamByName(sql, name.trim());
      if (!stream) throw errors.streamDoesNotExist(name);
      return stream;
    });
    const removesOthers = users.some((user) => user.id !== actor.id);
    if (removesOthers && streams.some((stream) => !mayRemoveSubscribers(sql, actor, stream))) {
      throw errors.badRequest('Insufficient permission');
    }
    const removed: string[] = [];
    const notRemoved: string[] = [];
    const left: { user: UserRow; stream: StreamRow }[] = [];
    for (const stream of streams) {
      for (const user of users) {
        if (deactivateSubscription(sql, user.id, stream.recipient_id)) {
          removed.push(stream.name);
          left.push({ user, stream });
        } else {
          notRemoved.push(stream.name);
        }
      }
    }
    return { removed, notRemoved, left };
  });

  for (const { user, stream } of outcome.left) {
    // A member who leaves a stream they cannot see from outside no longer sees it at all.
    if (!seesUnsubscribed(sql, user, stream)) {
      queues.notify(plainNotice('stream', { op: 'delete', streams: [toWireStream(sql, stream)] }), [
        user.id,
      ]);
    }
    queues.notify(
      plainNotice('subscription', {
        op: 'remove',
        subscriptions: [{ name: stream.name, stream_id: stream.id }],
      }),
      [user.id],
    );
    queues.notify(
      plainNotice('subscription', {
        op: 'peer_remove',
        stream_ids: [stream.id],
        user_ids: [user.id],
      }),
      subscriberWatchers(sql, stream).filter((id) => id !== user.id),
    );
    // As Zulip's deferred mark_stream_messages_as_read: what was unread there
    // no longer counts once the user has left.
    markStreamAsRead(services, user, { stream, topic: null });
  }
  announceAccessChanges(services, access);
  return { removed: outcome.removed, notRemoved: outcome.notRemoved };
}
