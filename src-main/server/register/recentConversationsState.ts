import type { RecentConversation } from '../../wire/registerState';
import { subscriberIds } from '../store/subscriptions';
import type { Sql } from '../store/sql';
import { recentConversationRows } from '../store/userMessages';

// Zulip's RECENT_CONVERSATIONS_LIMIT: the conversations of this many of the
// user's newest direct messages are listed, however many that makes.
const RECENT_DIRECT_MESSAGES = 1000;

/** Zulip's recent_private_conversations: the user's recent direct-message conversations, newest first. */
export function recentConversationsState(sql: Sql, userId: number): RecentConversation[] {
  return recentConversationRows(sql, userId, RECENT_DIRECT_MESSAGES).map((row) => {
    const everyone =
      row.group_recipient_id === null
        ? [row.other_user_id]
        : subscriberIds(sql, row.group_recipient_id);
    return {
      max_message_id: row.max_message_id,
      user_ids: everyone
        .filter((id): id is number => id !== null && id !== userId)
        .sort((a, b) => a - b),
    };
  });
}
