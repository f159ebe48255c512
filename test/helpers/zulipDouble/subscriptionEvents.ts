import { channelAudience, canSeeChannel } from './channelAccess';
import { channelFor, subscriptionFor } from './channelObject';
import { emit, type Context } from './context';
import type { Stream } from './org';

/**
 * Tells everyone the subscriptions a request added: `stream` `create` to
 * whoever newly sees a channel (a new one as it was created, with no
 * subscribers), `subscription` `add` to each new subscriber, and `peer_add`
 * to the others who can see the channel's subscribers.
 */
export function announceSubscriptions(
  context: Context,
  added: ReadonlyMap<number, readonly number[]>,
  newlySeeing: ReadonlyMap<number, { userIds: readonly number[]; channel?: object }>,
): void {
  const { org } = context;
  for (const [streamId, { userIds, channel }] of newlySeeing) {
    const stream = org.streams.get(streamId);
    if (!stream || userIds.length === 0) continue;
    emit(context, userIds, (queue) =>
      stream.is_archived && !queue.capabilities.archived_channels
        ? null
        : { type: 'stream', op: 'create', streams: [channel ?? channelFor(stream)] },
    );
  }
  const byUser = new Map<number, Stream[]>();
  for (const [streamId, userIds] of added) {
    const stream = org.streams.get(streamId);
    if (!stream) continue;
    for (const id of userIds) byUser.set(id, [...(byUser.get(id) ?? []), stream]);
  }
  for (const [userId, streams] of byUser) {
    emit(context, [userId], (queue) => {
      const shown = streams.filter((s) => !s.is_archived || queue.capabilities.archived_channels);
      return shown.length === 0
        ? null
        : {
            type: 'subscription',
            op: 'add',
            subscriptions: shown.map((s) =>
              subscriptionFor(context.org, userId, s, queue.capabilities, true),
            ),
          };
    });
  }
  for (const [streamId, userIds] of added) {
    const stream = org.streams.get(streamId);
    if (!stream || userIds.length === 0) continue;
    const others = channelAudience(org, stream).filter((id) => !userIds.includes(id));
    emit(context, others, () => ({
      type: 'subscription',
      op: 'peer_add',
      stream_ids: [streamId],
      user_ids: [...userIds],
    }));
  }
}

/**
 * Tells everyone the subscriptions a request removed: `subscription`
 * `remove` to each former subscriber, `peer_remove` to those who can see the
 * channel's subscribers, and `stream` `delete` to whoever no longer sees it.
 */
export function announceUnsubscriptions(
  context: Context,
  removed: ReadonlyMap<number, readonly number[]>,
  formerAudiences: ReadonlyMap<number, ReadonlySet<number>>,
): void {
  const { org } = context;
  const byUser = new Map<number, Stream[]>();
  for (const [streamId, userIds] of removed) {
    const stream = org.streams.get(streamId);
    if (!stream) continue;
    for (const id of userIds) byUser.set(id, [...(byUser.get(id) ?? []), stream]);
  }
  for (const [userId, streams] of byUser) {
    emit(context, [userId], () => ({
      type: 'subscription',
      op: 'remove',
      subscriptions: streams.map((s) => ({ name: s.name, stream_id: s.stream_id })),
    }));
  }
  for (const [streamId, userIds] of removed) {
    const stream = org.streams.get(streamId);
    if (!stream || userIds.length === 0) continue;
    const others = channelAudience(org, stream).filter((id) => !userIds.includes(id));
    emit(context, others, () => ({
      type: 'subscription',
      op: 'peer_remove',
      stream_ids: [streamId],
      user_ids: [...userIds],
    }));
    const lost = [...(formerAudiences.get(streamId) ?? [])].filter(
      (id) => org.isActive(id) && !canSeeChannel(org, id, stream),
    );
    emit(context, lost, () => ({
      type: 'stream',
      op: 'delete',
      streams: [{ stream_id: streamId }],
      stream_ids: [streamId],
    }));
  }
}
