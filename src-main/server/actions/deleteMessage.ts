import { errors } from '../errors';
import type { DeletionNotice } from '../events/notice';
import { accessMessage } from '../queries/messageAccess';
import type { Services } from '../services';
import { deleteMessageRows } from '../store/messageDeletion';
import { RecipientType } from '../store/recipients';
import { subscriberIds } from '../store/subscriptions';
import { userIdsWithMessage } from '../store/userMessages';
import { Role, type UserRow } from '../store/users';

/**
 * Zulip 7.0's delete_message_backend under the default realm policy
 * (delete_own_message_policy: administrators only): owners and administrators
 * may delete any message they can read, and nobody else may delete at all.
 * Deletion is permanent.
 */
export function deleteMessage(services: Services, user: UserRow, messageId: number): void {
  const { sql } = services;
  const { notice, userIds } = sql.transaction(() => {
    const message = accessMessage(sql, user, messageId);
    if (user.role > Role.admin) {
      throw errors.badRequest("You don't have permission to delete this message");
    }
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
