import { channelAudience } from './channelAccess';
import { channelFor } from './channelObject';
import { emit, type Context } from './context';
import { badRequest, invalidChannelId } from './errors';
import { holdsPermission } from './groups';
import type { Org, Stream } from './org';

/** Whether the user administers the channel: the organization's administrators and its can_administer_channel_group. */
export const administersChannel = (org: Org, userId: number, stream: Stream): boolean =>
  org.isAdmin(userId) || holdsPermission(org, userId, stream.can_administer_channel_group);

/**
 * Tells whoever sees the channel that it was archived or unarchived: since
 * Zulip 11 (feature level 378) a `stream` `update` of is_archived to clients
 * with the archived_channels capability, `delete` or `create` to the others.
 */
export function announceArchiving(context: Context, stream: Stream): void {
  emit(context, channelAudience(context.org, stream), (queue) => {
    if (queue.capabilities.archived_channels) {
      return {
        type: 'stream',
        op: 'update',
        stream_id: stream.stream_id,
        name: stream.name,
        property: 'is_archived',
        value: stream.is_archived,
      };
    }
    return stream.is_archived
      ? {
          type: 'stream',
          op: 'delete',
          streams: [{ stream_id: stream.stream_id }],
          stream_ids: [stream.stream_id],
        }
      : { type: 'stream', op: 'create', streams: [channelFor(stream)] };
  });
}

/** DELETE /streams/{stream_id}: archives the channel, for its administrators. */
export function archiveChannel(context: Context, userId: number, streamId: number) {
  const { org } = context;
  const stream = org.streams.get(streamId);
  if (!stream) throw invalidChannelId();
  if (!administersChannel(org, userId, stream)) {
    throw badRequest('You do not have permission to administer this channel.');
  }
  if (stream.is_archived) throw badRequest('Channel is already deactivated');
  stream.is_archived = true;
  org.defaultStreams.delete(streamId);
  announceArchiving(context, stream);
}
