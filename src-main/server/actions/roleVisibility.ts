import type { RealmBot } from '../../wire';
import { plainNotice, type PlainNotice } from '../events/notice';
import { seesUnsubscribed } from '../queries/streamAccess';
import { canSeeSubscribers } from '../queries/subscriberAccess';
import { defaultStreamIds, toWireStream, toWireSubscription } from '../shape/streams';
import type { Sql } from '../store/sql';
import { allStreams, streamsSubscribedBy, type StreamRow } from '../store/streams';
import { everyStreamSubscriptionOfUser, subscriberIds } from '../store/subscriptions';
import { Role, type UserRow } from '../store/users';
import { realmBotsState } from './botAccess';

/** What a user's role lets them see of streams and bots. */
export interface Visibility {
  role: number;
  streams: Map<number, StreamRow>;
  bots: RealmBot[];
}

// Zulip's get_metadata_access_streams: the streams the user is in, and
// those they see without being in them.
function visibleStreams(sql: Sql, user: UserRow): StreamRow[] {
  const subscribed = new Set(streamsSubscribedBy(sql, user.id).map((stream) => stream.id));
  return allStreams(sql).filter(
    (stream) => subscribed.has(stream.id) || seesUnsubscribed(sql, user, stream),
  );
}

export function visibilityOf(sql: Sql, user: UserRow): Visibility {
  return {
    role: user.role,
    streams: new Map(visibleStreams(sql, user).map((stream) => [stream.id, stream])),
    bots: realmBotsState(sql, user),
  };
}

/**
 * What a user must hear, beyond the role itself, when their role changes:
 * the streams it shows (with their subscribers, where the new role may see
 * them) or hides, the default streams (which guests have none of), and the
 * bots an administrator sees. Zulip's own client refetches these; a client
 * kept by events alone hears them as the events that would have brought them.
 */
export function roleVisibilityNotices(sql: Sql, before: Visibility, user: UserRow): PlainNotice[] {
  const after = visibilityOf(sql, user);
  const notices: PlainNotice[] = [];
  const newlyVisible = [...after.streams.values()].filter(
    (stream) => !before.streams.has(stream.id),
  );
  const hidden = [...before.streams.values()].filter((stream) => !after.streams.has(stream.id));
  // A stream the user once left comes back among those they left: as the
  // subscription it was, added and removed again, since no event of Zulip's
  // puts a stream there directly.
  const left = new Map(
    everyStreamSubscriptionOfUser(sql, user.id)
      .filter((row) => row.is_active !== 1)
      .map((row) => [row.id, row]),
  );
  const formerly = newlyVisible.flatMap((stream) => {
    const row = left.get(stream.id);
    return row ? [row] : [];
  });
  if (formerly.length > 0) {
    const subscriptions = formerly.map((row) => {
      const subscribers = [...subscriberIds(sql, row.recipient_id), user.id];
      // Counted with the user, whom the `remove` that follows counts out.
      return {
        ...toWireSubscription(sql, row, subscribers),
        subscriber_count: subscribers.length,
      };
    });
    notices.push(plainNotice('subscription', { op: 'add', subscriptions }));
    notices.push(
      plainNotice('subscription', {
        op: 'remove',
        subscriptions: formerly.map((row) => ({ name: row.name, stream_id: row.id })),
      }),
    );
  }
  if (newlyVisible.length > 0) {
    const peers = newlyVisible.flatMap((stream) => {
      const subscribers = subscriberIds(sql, stream.recipient_id);
      const told =
        !left.has(stream.id) &&
        subscribers.length > 0 &&
        canSeeSubscribers(sql, user, stream, false);
      return told ? [{ stream, subscribers }] : [];
    });
    const counted = new Set(peers.map(({ stream }) => stream.id));
    notices.push(
      plainNotice('stream', {
        op: 'create',
        // A channel whose subscribers follow in a peer_add is counted by it.
        streams: newlyVisible.map((row) => ({
          ...toWireStream(sql, row),
          ...(counted.has(row.id) ? { subscriber_count: 0 } : {}),
        })),
      }),
    );
    for (const { stream, subscribers } of peers) {
      notices.push(
        plainNotice('subscription', {
          op: 'peer_add',
          stream_ids: [stream.id],
          user_ids: subscribers,
        }),
      );
    }
  }
  if (hidden.length > 0) {
    notices.push(
      plainNotice('stream', { op: 'delete', streams: hidden.map((row) => toWireStream(sql, row)) }),
    );
  }
  if ((before.role === Role.guest) !== (user.role === Role.guest)) {
    const streams = user.role === Role.guest ? [] : defaultStreamIds(sql);
    notices.push(plainNotice('default_streams', { default_streams: streams }));
  }
  const botIds = new Set(after.bots.map((bot) => bot.user_id));
  for (const bot of after.bots.filter(
    (bot) => !before.bots.some((b) => b.user_id === bot.user_id),
  )) {
    notices.push(plainNotice('realm_bot', { op: 'add', bot }));
  }
  for (const bot of before.bots.filter((bot) => !botIds.has(bot.user_id))) {
    notices.push(plainNotice('realm_bot', { op: 'delete', bot: { user_id: bot.user_id } }));
  }
  return notices;
}
