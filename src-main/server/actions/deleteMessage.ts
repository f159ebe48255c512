import { errors } from '../errors';
import type { DeletionNotice } from '../events/notice';
import { accessMessage } from '../queries/messageAccess';
import type { Services } from '../services';
import { deleteMessageRows } from '../store/messageDeletion';
import { RecipientType } from '../store/recipients';
import { subscriberIds } from '../store/subscriptions';
import { userIdsWithMessage } from '../store/userMessages';
import { getRealm } from '../store/realm';
import type { Sql } from '../store/sql';
import { Role, userById, type UserRow } from '../store/users';
import { hasPolicyPermission } from './policy';

/**
 * Zulip 7.0's validate_can_delete_message: owners and administrators delete
 * any message they can read; others delete only their own (or their bots'),
 * when the realm's delete_own_message_policy lets them and, unless the limit
 * is unlimited, within message_content_delete_limit_seconds of sending.
 */
function checkMayDelete(
  sql: Sql,
  user: UserRow,
  message: { sender_id: number; date_sent: number },
): void {
  if (user.role <= Role.admin) return;
  const realm = getRealm(sql);
  const sender = userById(sql, message.sender_id);
  const own = message.sender_id === user.id || sender?.bot_owner_id === user.id;
  if (!realm || !own || !hasPolicyPermission(user, realm.delete_own_message_policy)) {
    throw errors.badRequest("You don't have permission to delete this message");
  }
  const limit = realm.message_content_delete_limit_seconds;
  if (limit !== null && Date.now() / 1000 - message.date_sent > limit) {
    throw errors.badRequest('The time limit for deleting this message has passed');
  }
}

/** Deletes a message for everyone, permanently, as Zulip's delete_message_backend. */
export function deleteMessage(services: Services, user: UserRow, messageId: number): void {
  const { sql } = services;
  const { notice, userIds } = sql.transaction(() => {
    const message = accessMessage(sql, user, messageId);
    checkMayDelete(sql, user, message);
    const isStream = message.recipient_type === RecipientType.stream;
    // Zulip tells a stream's subscribers and a private message's recipients;
    // whoever still holds a row of a stream message hears of it too.
    const audience = new Set(userIdsWithMessage(sql, messageId));
    if (isStream) subscriberIds(sql, message.recipient_id).forEach((id) => audience.add(id));
    deleteMessageRows(sql, messageId);
    const deletion: DeletionNotice = {
      kind: 'deletion',
      type: 'delete_message',
      messageIds: [messageId],
      details: isStream
        ? { message_type: 'stream', stream_id: message.recipient_type_id, topic: message.subject }
        : { message_type: 'private' },
    };
    return { notice: deletion, userIds: [...audience] };
  });
  services.queues.notify(notice, userIds);
}
