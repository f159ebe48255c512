import type { Subscription } from '../../wire';
import { seesUnsubscribed } from '../queries/streamAccess';
import { canSeeSubscribers } from '../queries/subscriberAccess';
import { toWireStream, toWireSubscription } from '../shape/streams';
import type { Sql } from '../store/sql';
import { allStreams, type StreamRow } from '../store/streams';
import {
  everyStreamSubscriptionOfUser,
  streamSubscribersByRecipient,
} from '../store/subscriptions';
import { Role, type UserRow } from '../store/users';
import { byStreamName } from '../../registerReads/streamOrder';
import type { NeverSubscribed } from '../../wire/registerState';
import type { StateOptions } from './stateOptions';

export interface SubscriptionState {
  subscriptions: Subscription[];
  unsubscribed: Subscription[];
  never_subscribed: NeverSubscribed[];
}

/**
 * Zulip's gather_subscriptions_helper: the streams the user is in, and
 * those they left or never joined that they see without being in them
 * (none for guests; a private one for administrators and, since Zulip 10,
 * for those its administering, adding or subscribing settings name), each
 * by name; with include_subscribers, each
 * with its subscribers where the user may see them, otherwise an empty list.
 * Archived channels are in all three for a client with the archived_channels
 * capability (never_subscribed since Zulip 10, feature level 362), in none otherwise.
 */
export function subscriptionState(
  sql: Sql,
  user: UserRow,
  options: Pick<StateOptions, 'includeSubscribers' | 'archivedChannels'>,
): SubscriptionState {
  const archived = options.archivedChannels ?? false;
  const rows = everyStreamSubscriptionOfUser(sql, user.id, archived);
  const includeSubscribers = options.includeSubscribers;
  const subscribersOf = includeSubscribers ? streamSubscribersByRecipient(sql) : null;
  const subscribers = (stream: StreamRow, subscribed: boolean): number[] | undefined => {
    if (!subscribersOf) return undefined;
    if (!canSeeSubscribers(sql, user, stream, subscribed)) return [];
    return subscribersOf.get(stream.recipient_id) ?? [];
  };

  const subscriptions = rows
    .filter((row) => row.is_active === 1)
    .map((row) => toWireSubscription(sql, row, subscribers(row, true)));
  const unsubscribed = rows
    .filter((row) => row.is_active !== 1 && seesUnsubscribed(sql, user, row))
    .map((row) => toWireSubscription(sql, row, subscribers(row, false)));

  const known = new Set(rows.map((row) => row.id));
  const neverSubscribed =
    user.role === Role.guest
      ? []
      : allStreams(sql, archived)
          .filter((stream) => !known.has(stream.id) && seesUnsubscribed(sql, user, stream))
          .map((stream): NeverSubscribed => {
            const list = subscribers(stream, false);
            return {
              ...toWireStream(sql, stream),
              stream_weekly_traffic: null,
              ...(list ? { subscribers: list } : {}),
            };
          });

  return {
    subscriptions: subscriptions.sort(byStreamName),
    unsubscribed: unsubscribed.sort(byStreamName),
    never_subscribed: neverSubscribed.sort(byStreamName),
  };
}
