import { z } from 'zod';
import { canSeeChannel } from './channelAccess';
import type { Context } from './context';
import { insufficientPermission, noSuchChannelName } from './errors';
import { holdsPermission } from './groups';
import { markChannelMessagesRead } from './markAsRead';
import type { Org, Stream } from './org';
import { json, parseParams, type RawParams } from './params';
import { principalsSchema, usersOfPrincipals } from './principals';
import { announceUnsubscriptions } from './subscriptionEvents';

const unsubscribeSchema = z.object({
  subscriptions: json(z.array(z.string())),
  principals: principalsSchema.optional(),
});

/**
 * Whether the user may unsubscribe another: an administrator always; the
 * owner of a bot, or a member of the channel's can_remove_subscribers_group,
 * when they can see the channel.
 */
function mayRemove(org: Org, actorId: number, targetId: number, stream: Stream): boolean {
  if (targetId === actorId || org.isAdmin(actorId)) return true;
  if (!canSeeChannel(org, actorId, stream)) return false;
  if (org.bots.get(targetId)?.ownerId === actorId) return true;
  return holdsPermission(org, actorId, stream.can_remove_subscribers_group);
}

/** DELETE /users/me/subscriptions: unsubscribes the requester (or the principals) from channels by name. */
export function unsubscribe(context: Context, actorId: number, raw: RawParams) {
  const { org } = context;
  const params = parseParams(unsubscribeSchema, raw);
  const streams = params.subscriptions.map((name) => {
    const stream = org.streamByName(name.trim());
    if (!stream) throw noSuchChannelName(name);
    return stream;
  });
  const users = params.principals ? usersOfPrincipals(org, params.principals) : [actorId];
  for (const stream of streams) {
    if (users.some((userId) => !mayRemove(org, actorId, userId, stream))) {
      throw insufficientPermission();
    }
  }
  const formerAudiences = new Map(
    streams.map((stream) => [
      stream.stream_id,
      new Set(org.allUserIds().filter((id) => canSeeChannel(org, id, stream))),
    ]),
  );
  const removed: string[] = [];
  const notRemoved: string[] = [];
  const changes = new Map<number, number[]>();
  for (const userId of users) {
    for (const stream of streams) {
      if (!org.isSubscribed(userId, stream)) {
        notRemoved.push(stream.name);
        continue;
      }
      stream.subscribers = stream.subscribers.filter((id) => id !== userId);
      removed.push(stream.name);
      changes.set(stream.stream_id, [...(changes.get(stream.stream_id) ?? []), userId]);
    }
  }
  announceUnsubscriptions(context, changes, formerAudiences);
  for (const [streamId, userIds] of changes) {
    const stream = org.streams.get(streamId);
    if (stream) for (const userId of userIds) markChannelMessagesRead(context, userId, stream);
  }
  return { removed, not_removed: notRemoved };
}
