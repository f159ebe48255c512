import { z } from 'zod';
import { plainNotice } from '../events/notice';
import type { EventQueues } from '../events/queues';
import { setPushNotificationsEnabled } from '../store/pushService';
import { activeUserIds } from '../store/users';
import type { Sql } from '../store/sql';

const pushStatus = z.object({ can_push: z.boolean() });

/**
 * The service's word on whether it pushes for the organization (its plan
 * may not allow it), kept as Zulip keeps Realm.push_notifications_enabled
 * and told to everyone when it changes.
 */
export function notePushAllowed(sql: Sql, queues: EventQueues, status: unknown): void {
  const parsed = pushStatus.safeParse(status);
  if (!parsed.success) return;
  const enabled = parsed.data.can_push;
  if (!setPushNotificationsEnabled(sql, enabled)) return;
  queues.notify(
    plainNotice('realm', { op: 'update', property: 'push_notifications_enabled', value: enabled }),
    activeUserIds(sql),
  );
}
