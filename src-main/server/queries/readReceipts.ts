import { errors } from '../errors';
import { getRealm } from '../store/realm';
import { readerIdsOf } from '../store/readReceipts';
import type { Sql } from '../store/sql';
import type { UserRow } from '../store/users';
import { accessMessage } from './messageAccess';

/**
 * Zulip 7.0's GET /messages/{id}/read_receipts: who has read a message the
 * viewer may read, unless the organization turned read receipts off. The
 * message is checked first, so a message out of reach reads as one.
 */
export function readReceiptsOf(sql: Sql, viewer: UserRow, messageId: number): number[] {
  const message = accessMessage(sql, viewer, messageId);
  if (getRealm(sql)?.enable_read_receipts === 0) {
    throw errors.badRequest('Read receipts are disabled in this organization.');
  }
  return readerIdsOf(sql, { messageId, senderId: message.sender_id, viewerId: viewer.id });
}
