import { huddleKey, huddleRecipientIdByKey, insertHuddle } from '../store/huddles';
import { insertRecipient, RecipientType } from '../store/recipients';
import type { Sql } from '../store/sql';
import { insertSubscription } from '../store/subscriptions';

/**
 * The recipient of the direct message group of exactly these people, made
 * with their subscriptions when the conversation begins. Zulip 12 (feature
 * level 482) gives one-to-one conversations and notes to self a group too,
 * whose recipient is the conversation's `recipient_id` for both people.
 */
export function directMessageGroupRecipientId(sql: Sql, userIds: readonly number[]): number {
  const key = huddleKey(userIds);
  const existing = huddleRecipientIdByKey(sql, key);
  if (existing !== undefined) return existing;
  const recipientId = insertRecipient(sql, RecipientType.huddle, insertHuddle(sql, key));
  for (const userId of new Set(userIds))
    insertSubscription(sql, { userId, recipientId, color: '' });
  return recipientId;
}
