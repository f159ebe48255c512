import { errors } from '../errors';
import { accessMessage } from '../queries/messageAccess';
import type { Services } from '../services';
import { RecipientType } from '../store/recipients';
import { getRealm } from '../store/realm';
import type { ViewedMessageRow } from '../store/messages';
import type { Sql } from '../store/sql';
import { streamById } from '../store/streams';
import { userById, type UserRow } from '../store/users';
import { announceDeletion, deleteConversationMessages } from './deletedMessages';
import { mayInRealmOrChannel } from './channelPermission';

/**
 * Zulip's validate_can_delete_message: those the organization's
 * can_delete_any_message_group names, or the channel's, delete any message
 * they can read; others delete only their own (or their bots'), when the
 * organization's or the channel's can_delete_own_message_group names them
 * and, unless the limit is unlimited, within
 * message_content_delete_limit_seconds of sending.
 */
function checkMayDelete(sql: Sql, user: UserRow, message: ViewedMessageRow): void {
  const stream =
    message.recipient_type === RecipientType.stream
      ? (streamById(sql, message.recipient_type_id) ?? null)
      : null;
  const may = (action: 'deleteAny' | 'deleteOwn') => mayInRealmOrChannel(sql, user, stream, action);
  if (may('deleteAny')) return;
  const realm = getRealm(sql);
  const sender = userById(sql, message.sender_id);
  const own = message.sender_id === user.id || sender?.bot_owner_id === user.id;
  if (!realm || !own || !may('deleteOwn')) {
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
  const deletion = sql.transaction(() => {
    const message = accessMessage(sql, user, messageId);
    checkMayDelete(sql, user, message);
    return deleteConversationMessages(
      sql,
      user.id,
      [messageId],
      message.recipient_type === RecipientType.stream
        ? {
            kind: 'stream',
            streamId: message.recipient_type_id,
            recipientId: message.recipient_id,
            topic: message.subject,
          }
        : { kind: 'private' },
    );
  });
  announceDeletion(services, deletion);
}
