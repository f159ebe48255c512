import { RecipientType } from '../store/recipients';
import type { ViewedMessageRow } from '../store/messages';
import type { Sql } from '../store/sql';
import { subscriberIds } from '../store/subscriptions';
import type { UserRow } from '../store/users';

// The pieces Zulip's Notification Bot builds its notices of another message
// from: reminders and moderation requests.

/** Zulip's silent_mention_syntax_for_user. */
export const silentMention = (user: UserRow) => `@_**${user.full_name}|${user.id}**`;

/** Zulip's get_unused_fence: longer than any run of backticks in the text. */
export function unusedFence(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

export const TRUNCATED = '\n[message truncated]';

/** Zulip's truncate_content: at most `max` characters, the marker included. */
export function truncated(content: string, max: number): string {
  return content.length > max ? content.slice(0, max - TRUNCATED.length) + TRUNCATED : content;
}

/** Everyone of a direct message, by ID in order: Zulip's display_recipient. */
export function directMessagePeople(sql: Sql, message: ViewedMessageRow): number[] {
  const ids =
    message.recipient_type === RecipientType.personal
      ? [message.sender_id, message.recipient_type_id]
      : subscriberIds(sql, message.recipient_id);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Zulip's pm_message_url. */
export const directMessageUrl = (realmUri: string, peopleIds: readonly number[], id: number) =>
  `${realmUri}/#narrow/dm/${peopleIds.join(',')}-dm/near/${id}`;
