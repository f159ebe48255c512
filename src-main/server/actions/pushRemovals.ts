import type { Services } from '../services';
import { activePushesAmong, takeDownPushes } from '../store/pushNotifications';

/**
 * Zulip 12.0's do_clear_mobile_push_notifications_for_ids: messages the user
 * read (elsewhere, or everything at once when `messageIds` is null) are
 * taken down from their phones by a remove notification, once.
 */
export function takeDownReadPushes(
  services: Services,
  userId: number,
  messageIds: readonly number[] | null,
): void {
  const { sql } = services;
  const ids = activePushesAmong(sql, userId, messageIds);
  if (ids.length === 0) return;
  sql.transaction(() => takeDownPushes(sql, userId, ids));
  services.pushDelivery.wake();
}
