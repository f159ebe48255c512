import { errors } from '../errors';
import { canAccessStreamHistory } from '../narrow/history';
import { viewedMessageById, type ViewedMessageRow } from '../store/messages';
import { RecipientType } from '../store/recipients';
import type { Sql } from '../store/sql';
import { streamById } from '../store/streams';
import type { UserRow } from '../store/users';

// Zulip 7.0's has_message_access: whoever received a message may read it;
// anyone else only a stream message, in a stream whose history they may read.
function readableWithoutRow(sql: Sql, viewer: UserRow, row: ViewedMessageRow): boolean {
  if (row.recipient_type !== RecipientType.stream) return false;
  const stream = streamById(sql, row.recipient_type_id);
  return stream !== undefined && canAccessStreamHistory(sql, viewer, stream);
}

/** Zulip's access_message: the same answer for a missing message and one the viewer may not read. */
export function accessMessage(sql: Sql, viewer: UserRow, messageId: number): ViewedMessageRow {
  const row = viewedMessageById(sql, viewer.id, messageId);
  if (row && (row.flags !== null || readableWithoutRow(sql, viewer, row))) return row;
  throw errors.badRequest('Invalid message(s)');
}
