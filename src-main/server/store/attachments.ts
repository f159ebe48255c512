import { RecipientType } from './recipients';
import type { Sql } from './sql';

export interface AttachmentRow {
  id: number;
  path_id: string;
  file_name: string;
  owner_id: number;
  size: number;
  content_type: string;
  create_time: number;
}

export interface NewAttachment {
  pathId: string;
  fileName: string;
  ownerId: number;
  contentType: string;
  createTime: number;
  data: Buffer;
}

/** Stores the file and its row; run inside the caller's transaction, so both are there or neither. */
export function insertAttachment(sql: Sql, attachment: NewAttachment): number {
  const id = sql.run(
    `INSERT INTO attachments (path_id, file_name, owner_id, size, content_type, create_time)
     VALUES (:pathId, :fileName, :ownerId, :size, :contentType, :createTime)`,
    {
      pathId: attachment.pathId,
      fileName: attachment.fileName,
      ownerId: attachment.ownerId,
      size: attachment.data.length,
      contentType: attachment.contentType,
      createTime: attachment.createTime,
    },
  ).lastInsertRowid;
  sql.run('INSERT INTO attachment_files (attachment_id, data) VALUES (?, ?)', [
    id,
    attachment.data,
  ]);
  return id;
}

export function attachmentByPath(sql: Sql, pathId: string): AttachmentRow | undefined {
  return sql.get<AttachmentRow>('SELECT * FROM attachments WHERE path_id = ?', [pathId]);
}

export function attachmentById(sql: Sql, id: number): AttachmentRow | undefined {
  return sql.get<AttachmentRow>('SELECT * FROM attachments WHERE id = ?', [id]);
}

export function attachmentData(sql: Sql, id: number): Buffer | undefined {
  return sql.get<{ data: Buffer }>('SELECT data FROM attachment_files WHERE attachment_id = ?', [
    id,
  ])?.data;
}

/** The first `length` bytes of the file, enough for its header. */
export function attachmentDataStart(sql: Sql, id: number, length: number): Buffer | undefined {
  return sql.get<{ data: Buffer }>(
    'SELECT substr(data, 1, ?) AS data FROM attachment_files WHERE attachment_id = ?',
    [length, id],
  )?.data;
}

export function attachmentsOwnedBy(sql: Sql, ownerId: number): AttachmentRow[] {
  return sql.all<AttachmentRow>('SELECT * FROM attachments WHERE owner_id = ? ORDER BY id', [
    ownerId,
  ]);
}

/** Zulip's upload_space_used: the bytes of everything the user uploaded and kept. */
export function uploadSpaceUsed(sql: Sql, ownerId: number): number {
  return (
    sql.get<{ used: number }>(
      'SELECT COALESCE(SUM(size), 0) AS used FROM attachments WHERE owner_id = ?',
      [ownerId],
    )?.used ?? 0
  );
}

export function deleteAttachment(sql: Sql, id: number): void {
  sql.run('DELETE FROM attachments WHERE id = ?', [id]);
}

/** The IDs of the messages that link each of the attachments, oldest first. */
export function messagesLinking(sql: Sql, attachmentIds: readonly number[]): Map<number, number[]> {
  const rows = sql.all<{ attachment_id: number; message_id: number }>(
    `SELECT attachment_id, message_id FROM attachment_messages
     WHERE attachment_id IN (SELECT value FROM json_each(?)) ORDER BY message_id`,
    [JSON.stringify(attachmentIds)],
  );
  const linking = new Map<number, number[]>(attachmentIds.map((id) => [id, []]));
  for (const { attachment_id, message_id } of rows) linking.get(attachment_id)?.push(message_id);
  return linking;
}

/** Records that the message links the attachment; false when it already did. */
export function linkAttachment(sql: Sql, attachmentId: number, messageId: number): boolean {
  return (
    sql.run('INSERT OR IGNORE INTO attachment_messages (attachment_id, message_id) VALUES (?, ?)', [
      attachmentId,
      messageId,
    ]).changes > 0
  );
}

export function attachmentsLinkedBy(sql: Sql, messageId: number): AttachmentRow[] {
  return sql.all<AttachmentRow>(
    `SELECT a.* FROM attachments a JOIN attachment_messages am ON am.attachment_id = a.id
     WHERE am.message_id = ? ORDER BY a.id`,
    [messageId],
  );
}

export function unlinkAttachment(sql: Sql, attachmentId: number, messageId: number): void {
  sql.run('DELETE FROM attachment_messages WHERE attachment_id = ? AND message_id = ?', [
    attachmentId,
    messageId,
  ]);
}

/**
 * Zulip's validate_attachment_request, past the owner: a file linked from a
 * public stream is for every member but guests; otherwise for whoever holds
 * a message that links it, or is subscribed to a stream with shared history
 * that has one.
 */
export function mayReadAttachment(
  sql: Sql,
  attachmentId: number,
  user: { id: number; isGuest: boolean },
): boolean {
  if (!user.isGuest) {
    const realmPublic = sql.get(
      `SELECT 1 FROM attachment_messages am
       JOIN messages m ON m.id = am.message_id
       JOIN recipients r ON r.id = m.recipient_id AND r.type = ${RecipientType.stream}
       JOIN streams s ON s.id = r.type_id AND s.invite_only = 0
       WHERE am.attachment_id = ? LIMIT 1`,
      [attachmentId],
    );
    if (realmPublic) return true;
  }
  const held = sql.get(
    `SELECT 1 FROM attachment_messages am
     JOIN user_messages um ON um.message_id = am.message_id AND um.user_id = ?
     WHERE am.attachment_id = ? LIMIT 1`,
    [user.id, attachmentId],
  );
  if (held) return true;
  return (
    sql.get(
      `SELECT 1 FROM attachment_messages am
       JOIN messages m ON m.id = am.message_id
       JOIN recipients r ON r.id = m.recipient_id AND r.type = ${RecipientType.stream}
       JOIN streams s ON s.id = r.type_id AND s.history_public_to_subscribers = 1
       JOIN subscriptions sub ON sub.recipient_id = r.id AND sub.user_id = ? AND sub.is_active = 1
       WHERE am.attachment_id = ? LIMIT 1`,
      [user.id, attachmentId],
    ) !== undefined
  );
}
