import { firstMessageIdOf, latestMessageDateOf } from '../store/channelActivity';
import type { Sql } from '../store/sql';
import type { StreamRow } from '../store/streams';

// Zulip's Stream.LAST_ACTIVITY_DAYS_BEFORE_FOR_ACTIVE.
const recentActivitySeconds = 180 * 24 * 60 * 60;

/** What a channel object says of the channel's messages. */
export interface ChannelActivity {
  first_message_id: number | null;
  is_recently_active: boolean;
}

/**
 * Zulip 10's is_recently_active (feature level 323): a channel made, or
 * written in, within the last 180 days. Zulip settles it once a day; the
 * host reads it from the messages whenever a channel object is made.
 */
export function channelActivity(sql: Sql, stream: StreamRow): ChannelActivity {
  return {
    first_message_id: firstMessageIdOf(sql, stream.recipient_id),
    is_recently_active: isRecentlyActive(stream, () =>
      latestMessageDateOf(sql, stream.recipient_id),
    ),
  };
}

/**
 * What a message about to be sent to `stream` will change in the channel's
 * object, from the channel's newest message alone (a send asks this every
 * time, and only an empty or quiet channel changes): the message becomes
 * its first, and makes it recently active.
 */
export function activityBeforeSend(
  sql: Sql,
  stream: StreamRow,
): { empty: boolean; recentlyActive: boolean } {
  const latest = latestMessageDateOf(sql, stream.recipient_id);
  return { empty: latest === null, recentlyActive: isRecentlyActive(stream, () => latest) };
}

function isRecentlyActive(stream: StreamRow, latestDate: () => number | null): boolean {
  const since = Math.floor(Date.now() / 1000) - recentActivitySeconds;
  // A channel made recently needs no look at its messages.
  return stream.date_created >= since || (latestDate() ?? 0) >= since;
}
