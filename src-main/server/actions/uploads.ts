import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { attachmentDict, uploadUri } from '../shape/attachments';
import {
  attachmentById,
  attachmentByPath,
  attachmentsLinkedBy,
  deleteAttachment,
  insertAttachment,
  linkAttachment,
  mayReadAttachment,
  messagesLinking,
  unlinkAttachment,
  uploadSpaceUsed,
  type AttachmentRow,
} from '../store/attachments';
import { REALM_ID } from '../store/realm';
import type { Sql } from '../store/sql';
import { Role, type UserRow } from '../store/users';

// Zulip's MAX_FILE_UPLOAD_SIZE default, which register reports as max_file_upload_size_mib.
export const MAX_FILE_UPLOAD_SIZE_MIB = 25;

// A name is refused, not quietly changed, when it could name another place
// (a path separator) or is not text a person typed (control characters).
const unsafeName = /[/\\\p{Cc}]/u;

/**
 * Zulip's sanitize_name: the file name as it appears in the file's URL;
 * `strict` (as Zulip's tus uploads ask) keeps ASCII letters and digits alone.
 */
export function sanitizeFileName(name: string, strict = false): string {
  const cleaned = name
    .normalize('NFKC')
    .replace(strict ? /[^A-Za-z0-9_\s.-]/g : /[^\p{L}\p{N}\p{M}_\s.-]/gu, '')
    .trim()
    .replace(/[-\s]+/g, '-');
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'uploaded-file' : cleaned;
}

// What a browser would guess from the name when the client sent no type.
const typesByExtension: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
};

export function contentTypeOf(name: string, given: string): string {
  const type = given.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== '' && type !== 'application/octet-stream') return type;
  return typesByExtension[extname(name).toLowerCase()] ?? 'application/octet-stream';
}

function announce(services: Services, owner: number, op: string, attachment: object): void {
  services.queues.notify(
    plainNotice('attachment', {
      op,
      attachment,
      upload_space_used: uploadSpaceUsed(services.sql, owner),
    }),
    [owner],
  );
}

const dictOf = (sql: Sql, attachment: AttachmentRow) =>
  attachmentDict(attachment, messagesLinking(sql, [attachment.id]).get(attachment.id) ?? []);

export interface UploadedFileInput {
  filename: string;
  mimeType: string;
  data: Buffer;
}

/** Zulip's generate_message_upload_path: a new, unguessable place for a file of that name. */
export function newUploadPath(sanitizedName: string): string {
  return [
    REALM_ID,
    randomBytes(1).toString('hex'),
    randomBytes(18).toString('base64url'),
    sanitizedName,
  ].join('/');
}

export interface StoredFile {
  pathId: string;
  fileName: string;
  contentType: string;
  data: Buffer;
}

/**
 * Zulip's create_attachment: the file and its row in one transaction, with
 * whatever else must happen or not with them (`alongside`), and the
 * uploader's `attachment` event once they are there.
 */
export function storeAttachment(
  services: Services,
  user: UserRow,
  file: StoredFile,
  alongside: () => void = () => undefined,
): void {
  const { sql } = services;
  const id = sql.transaction(() => {
    const inserted = insertAttachment(sql, {
      pathId: file.pathId,
      fileName: file.fileName,
      ownerId: user.id,
      contentType: file.contentType,
      createTime: Math.floor(Date.now() / 1000),
      data: file.data,
    });
    alongside();
    return inserted;
  });
  const stored = attachmentById(sql, id);
  if (stored) announce(services, user.id, 'add', dictOf(sql, stored));
}

/**
 * Zulip's upload_file_backend: stores one file for `user` and returns its
 * URL and the name it keeps for it. The file and its row are written in one
 * transaction, so a refused or failed upload leaves nothing behind.
 */
export function uploadFile(
  services: Services,
  user: UserRow,
  file: UploadedFileInput,
): { uri: string; fileName: string } {
  if (file.data.length === 0) throw errors.badRequest('The file is empty');
  const max = MAX_FILE_UPLOAD_SIZE_MIB * 1024 * 1024;
  if (file.data.length > max) throw errors.uploadTooLarge(max);
  const name = file.filename.trim();
  if (name === '' || unsafeName.test(name)) {
    throw errors.badRequest(`Invalid file name '${name.replace(/\p{Cc}/gu, '?')}'`);
  }
  const pathId = newUploadPath(sanitizeFileName(name));
  storeAttachment(services, user, {
    pathId,
    fileName: name,
    contentType: contentTypeOf(name, file.mimeType),
    data: file.data,
  });
  return { uri: uploadUri(pathId), fileName: name };
}

/** Zulip's remove_attachment: only the uploader removes a file; links to it stop working. */
export function removeAttachment(services: Services, user: UserRow, attachmentId: number): void {
  const { sql } = services;
  const attachment = attachmentById(sql, attachmentId);
  if (!attachment || attachment.owner_id !== user.id) throw errors.badRequest('Invalid attachment');
  sql.transaction(() => deleteAttachment(sql, attachmentId));
  announce(services, user.id, 'remove', { id: attachmentId });
}

/** Whether `user` may read the attachment, by Zulip's rules. */
export function mayRead(sql: Sql, user: UserRow, attachment: AttachmentRow): boolean {
  return (
    attachment.owner_id === user.id ||
    mayReadAttachment(sql, attachment.id, { id: user.id, isGuest: user.role === Role.guest })
  );
}

/**
 * Zulip's do_claim_attachments, inside the sending or editing transaction:
 * the message links the uploads it names that its sender may read (their
 * own, or one they were shown). Returns what to announce once it commits.
 */
export function claimAttachments(
  sql: Sql,
  sender: UserRow,
  messageId: number,
  paths: ReadonlySet<string>,
): AttachmentRow[] {
  const claimed: AttachmentRow[] = [];
  for (const path of paths) {
    const attachment = attachmentByPath(sql, path);
    if (!attachment || !mayRead(sql, sender, attachment)) continue;
    if (linkAttachment(sql, attachment.id, messageId)) claimed.push(attachment);
  }
  return claimed;
}

/**
 * Zulip's check_attachment_reference_change, for an edit: the message stops
 * linking the uploads its new content no longer names, and claims new ones.
 */
export function reclaimAttachments(
  sql: Sql,
  editor: UserRow,
  messageId: number,
  paths: ReadonlySet<string>,
): AttachmentRow[] {
  const dropped = attachmentsLinkedBy(sql, messageId).filter(
    (attachment) => !paths.has(attachment.path_id),
  );
  for (const attachment of dropped) unlinkAttachment(sql, attachment.id, messageId);
  return [...dropped, ...claimAttachments(sql, editor, messageId, paths)];
}

/**
 * Zulip 10's detached_uploads (feature level 285): the editor's own uploads
 * the edit unlinked and no message links any more, as GET /attachments shows them.
 */
export function detachedUploads(
  sql: Sql,
  editor: UserRow,
  changed: readonly AttachmentRow[],
  paths: ReadonlySet<string>,
): object[] {
  return changed
    .filter((attachment) => attachment.owner_id === editor.id && !paths.has(attachment.path_id))
    .map((attachment) => dictOf(sql, attachment))
    .filter((dict) => dict.message_ids.length === 0);
}

/** Tells each uploader that the messages linking their file changed. */
export function announceClaims(services: Services, claimed: readonly AttachmentRow[]): void {
  for (const attachment of claimed) {
    announce(services, attachment.owner_id, 'update', dictOf(services.sql, attachment));
  }
}
