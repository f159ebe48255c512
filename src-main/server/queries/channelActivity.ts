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
  const since = Math.floor(Date.now() / 1000) - recentActivitySeconds;
  return {
    first_message_id: firstMessageIdOf(sql, stream.recipient_id),
    // A channel made recently needs no look at its messages.
    is_recently_active:
      stream.date_created >= since || (latestMessageDateOf(sql, stream.recipient_id) ?? 0) >= since,
  };
}
