import type { Sql } from './sql';
import type { StreamRow } from './streams';

export interface SubscriptionSettingsRow {
  color: string;
  is_muted: number;
  pin_to_top: number;
  desktop_notifications: number | null;
  audible_notifications: number | null;
  push_notifications: number | null;
  email_notifications: number | null;
  wildcard_mentions_notify: number | null;
}

export type StreamSubscriptionRow = StreamRow & SubscriptionSettingsRow;

export function insertSubscription(
  sql: Sql,
  subscription: { userId: number; recipientId: number; color: string },
): void {
  sql.run(
    `INSERT INTO subscriptions (user_id, recipient_id, color) VALUES (:userId, :recipientId, :color)
     ON CONFLICT (user_id, recipient_id) DO UPDATE SET is_active = 1`,
    subscription,
  );
}

export function deactivateSubscription(sql: Sql, userId: number, recipientId: number): boolean {
  return (
    sql.run(
      'UPDATE subscriptions SET is_active = 0 WHERE user_id = ? AND recipient_id = ? AND is_active = 1',
      [userId, recipientId],
    ).changes > 0
  );
}

export function isSubscribed(sql: Sql, userId: number, recipientId: number): boolean {
  return (
    sql.get(
      'SELECT 1 FROM subscriptions WHERE user_id = ? AND recipient_id = ? AND is_active = 1',
      [userId, recipientId],
    ) !== undefined
  );
}

export function subscriberIds(sql: Sql, recipientId: number): number[] {
  return sql
    .all<{ user_id: number }>(
      'SELECT user_id FROM subscriptions WHERE recipient_id = ? AND is_active = 1 ORDER BY user_id',
      [recipientId],
    )
    .map((row) => row.user_id);
}

/** How many active people are subscribed: Zulip's num_subscribers_for_stream_id. */
export function activeSubscriberCount(sql: Sql, recipientId: number): number {
  return (
    sql.get<{ count: number }>(
      `SELECT COUNT(*) AS count FROM subscriptions JOIN users ON users.id = subscriptions.user_id
       WHERE subscriptions.recipient_id = ? AND subscriptions.is_active = 1 AND users.is_active = 1`,
      [recipientId],
    )?.count ?? 0
  );
}

/** The emails of a stream's active subscribers, as streamSubscribersByRecipient counts them. */
export function subscriberEmails(sql: Sql, recipientId: number): string[] {
  return sql
    .all<{ email: string }>(
      `SELECT users.email FROM subscriptions JOIN users ON users.id = subscriptions.user_id
       WHERE subscriptions.recipient_id = ? AND subscriptions.is_active = 1 AND users.is_active = 1
       ORDER BY subscriptions.user_id`,
      [recipientId],
    )
    .map((row) => row.email);
}

export function streamSubscriptionsOfUser(sql: Sql, userId: number): StreamSubscriptionRow[] {
  return sql.all<StreamSubscriptionRow>(
    `SELECT streams.*, recipients.id AS recipient_id, subscriptions.color, subscriptions.is_muted,
       subscriptions.pin_to_top, subscriptions.desktop_notifications,
       subscriptions.audible_notifications, subscriptions.push_notifications,
       subscriptions.email_notifications, subscriptions.wildcard_mentions_notify
     FROM subscriptions
     JOIN recipients ON recipients.id = subscriptions.recipient_id AND recipients.type = 2
     JOIN streams ON streams.id = recipients.type_id
     WHERE subscriptions.user_id = ? AND subscriptions.is_active = 1
     ORDER BY streams.name`,
    [userId],
  );
}

export function streamSubscriptionCount(sql: Sql, userId: number): number {
  return (
    sql.get<{ n: number }>(
      `SELECT count(*) AS n FROM subscriptions
       JOIN recipients ON recipients.id = subscriptions.recipient_id AND recipients.type = 2
       WHERE subscriptions.user_id = ?`,
      [userId],
    )?.n ?? 0
  );
}

// Columns a user may change on their own subscription, by Zulip property name.
export const subscriptionColumns = [
  'color',
  'is_muted',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
] as const;

export type SubscriptionColumn = (typeof subscriptionColumns)[number];

export const isSubscriptionColumn = (name: string): name is SubscriptionColumn =>
  (subscriptionColumns as readonly string[]).includes(name);

export function updateSubscriptionColumn(
  sql: Sql,
  subscription: { userId: number; recipientId: number },
  column: SubscriptionColumn,
  value: string | number,
): void {
  if (!isSubscriptionColumn(column)) throw new Error(`not a subscription column: ${column}`);
  sql.run(
    `UPDATE subscriptions SET ${column} = ? WHERE user_id = ? AND recipient_id = ? AND is_active = 1`,
    [value, subscription.userId, subscription.recipientId],
  );
}

/**
 * Every stream subscription the user ever had, active or left, with
 * `is_active`; an archived channel's only when asked for, as Zulip lists
 * them only to clients that can show them.
 */
export function everyStreamSubscriptionOfUser(
  sql: Sql,
  userId: number,
  includeArchived = false,
): (StreamSubscriptionRow & { is_active: number })[] {
  return sql.all<StreamSubscriptionRow & { is_active: number }>(
    `SELECT streams.*, recipients.id AS recipient_id, subscriptions.color, subscriptions.is_muted,
       subscriptions.pin_to_top, subscriptions.desktop_notifications,
       subscriptions.audible_notifications, subscriptions.push_notifications,
       subscriptions.email_notifications, subscriptions.wildcard_mentions_notify,
       subscriptions.is_active
     FROM subscriptions
     JOIN recipients ON recipients.id = subscriptions.recipient_id AND recipients.type = 2
     JOIN streams ON streams.id = recipients.type_id
     WHERE subscriptions.user_id = ? AND (streams.deactivated = 0 OR ?)`,
    [userId, Number(includeArchived)],
  );
}

/**
 * The subscribers of every stream, by the stream's recipient ID, each list
 * ascending: active users only, as Zulip's register lists them (a
 * deactivated user is told out of each with `peer_remove`).
 */
export function streamSubscribersByRecipient(sql: Sql): Map<number, number[]> {
  const rows = sql.all<{ recipient_id: number; user_id: number }>(
    `SELECT subscriptions.recipient_id, subscriptions.user_id FROM subscriptions
     JOIN recipients ON recipients.id = subscriptions.recipient_id AND recipients.type = 2
     JOIN users ON users.id = subscriptions.user_id AND users.is_active = 1
     WHERE subscriptions.is_active = 1 ORDER BY subscriptions.recipient_id, subscriptions.user_id`,
  );
  const byRecipient = new Map<number, number[]>();
  for (const row of rows) {
    const ids = byRecipient.get(row.recipient_id);
    if (ids) ids.push(row.user_id);
    else byRecipient.set(row.recipient_id, [row.user_id]);
  }
  return byRecipient;
}

/** The user's own settings for the channel's messages; undefined when not subscribed. */
export function subscriptionSettingsOf(
  sql: Sql,
  userId: number,
  recipientId: number,
): SubscriptionSettingsRow | undefined {
  return sql.get<SubscriptionSettingsRow>(
    `SELECT color, is_muted, pin_to_top, desktop_notifications, audible_notifications,
       push_notifications, email_notifications, wildcard_mentions_notify
     FROM subscriptions WHERE user_id = ? AND recipient_id = ? AND is_active = 1`,
    [userId, recipientId],
  );
}
