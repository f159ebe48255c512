import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { accessStreamById } from '../queries/streamAccess';
import {
  isSubscribed,
  isSubscriptionColumn,
  updateSubscriptionColumn,
  type SubscriptionColumn,
} from '../store/subscriptions';
import type { UserRow } from '../store/users';

export interface PropertyChange {
  stream_id: number;
  property: string;
  value: unknown;
}

const hexColor = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

// Every column a user may change, and the legacy `in_home_view` (the inverse of is_muted).
function checkProperty(property: string): void {
  if (property !== 'in_home_view' && !isSubscriptionColumn(property)) {
    throw errors.badRequest(`Unknown subscription property: ${property}`);
  }
}

function checkValue(property: string, value: unknown): string | boolean {
  if (property === 'color') {
    if (typeof value !== 'string' || !hexColor.test(value)) {
      throw errors.badRequest('color is not a valid hex color code');
    }
    return value;
  }
  if (typeof value !== 'boolean') throw errors.badRequest(`${property} is not a boolean`);
  return value;
}

/**
 * Changes the user's own settings on subscriptions. As Zulip does since
 * feature level 139, a change of muting is announced twice: once as
 * `is_muted` and once as the legacy, inverted `in_home_view`.
 */
export function updateSubscriptionProperties(
  services: Services,
  user: UserRow,
  changes: readonly PropertyChange[],
): PropertyChange[] {
  const { sql } = services;
  const applied = sql.transaction(() =>
    changes.map((change) => {
      checkProperty(change.property);
      const stream = accessStreamById(sql, user, change.stream_id);
      if (!isSubscribed(sql, user.id, stream.recipient_id)) {
        throw errors.badRequest(`Not subscribed to channel ID ${change.stream_id}`);
      }
      const value = checkValue(change.property, change.value);
      const muting = change.property === 'is_muted' || change.property === 'in_home_view';
      const isMuted = change.property === 'in_home_view' ? !value : value;
      // checkProperty has admitted only columns besides in_home_view.
      const column = (muting ? 'is_muted' : change.property) as SubscriptionColumn;
      const stored = typeof isMuted === 'boolean' ? Number(isMuted) : isMuted;
      updateSubscriptionColumn(
        sql,
        { userId: user.id, recipientId: stream.recipient_id },
        column,
        stored,
      );
      return { stream_id: stream.id, property: change.property, value, muting, isMuted };
    }),
  );

  for (const change of applied) {
    const events = change.muting
      ? [
          { property: 'in_home_view', value: !change.isMuted },
          { property: 'is_muted', value: change.isMuted },
        ]
      : [{ property: change.property, value: change.value }];
    for (const event of events) {
      services.queues.notify(
        plainNotice('subscription', { op: 'update', stream_id: change.stream_id, ...event }),
        [user.id],
      );
    }
  }
  return applied.map(({ stream_id, property, value }) => ({ stream_id, property, value }));
}
