import { plainNotice } from '../events/notice';
import { channelActivity, type ChannelActivity } from '../queries/channelActivity';
import { metadataAudience } from '../queries/streamAccess';
import type { Services } from '../services';
import type { Sql } from '../store/sql';
import { streamById, type StreamRow } from '../store/streams';

/** What the channels' objects say of their messages, taken before a change to those messages. */
export function activityOf(sql: Sql, streamIds: readonly number[]): Map<number, ChannelActivity> {
  return new Map(
    [...new Set(streamIds)].flatMap((id) => {
      const stream = streamById(sql, id);
      return stream ? [[id, channelActivity(sql, stream)] as const] : [];
    }),
  );
}

const properties = ['first_message_id', 'is_recently_active'] as const;

/**
 * Zulip's `stream` `update` events for a channel whose messages changed what
 * its object says: the first message sent to it, or (since Zulip 9, feature
 * level 256) its first message deleted or moved away, changes
 * first_message_id; a message to a quiet channel makes it recently active.
 * Everyone who sees the channel hears of it.
 */
function announceActivity(
  services: Services,
  stream: StreamRow,
  was: ChannelActivity,
  now: ChannelActivity,
): void {
  announceActivityValues(
    services,
    stream,
    Object.fromEntries(
      properties.filter((property) => was[property] !== now[property]).map((p) => [p, now[p]]),
    ),
  );
}

/** The `stream` `update` events for the new values `changed` holds, one a property. */
export function announceActivityValues(
  services: Services,
  stream: StreamRow,
  changed: Partial<ChannelActivity>,
): void {
  const entries = Object.entries(changed);
  if (entries.length === 0) return;
  // The first message to a channel changes both values, while its sender
  // waits: only users whose queues would take the event are checked.
  const listening = services.queues.usersTaking('stream');
  if (listening.size === 0) return;
  const audience = metadataAudience(services.sql, stream, listening);
  for (const [property, value] of entries) {
    services.queues.notify(
      plainNotice('stream', {
        op: 'update',
        stream_id: stream.id,
        name: stream.name,
        property,
        value,
      }),
      audience,
    );
  }
}

/** Announces what changed since `before` (from `activityOf`) in the channels it holds. */
export function announceActivityChanges(
  services: Services,
  before: ReadonlyMap<number, ChannelActivity>,
): void {
  for (const [id, was] of before) {
    const stream = streamById(services.sql, id);
    if (stream) announceActivity(services, stream, was, channelActivity(services.sql, stream));
  }
}
