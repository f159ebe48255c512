import type { Services } from '../services';
import { errors } from '../errors';
import { uploadUri } from '../shape/attachments';
import type { PartialUploadFiles } from '../store/partialUploadFiles';
import { unlessDiskFull } from '../store/storageFaults';
import {
  allResumableUploads,
  deleteResumableUpload,
  insertResumableUpload,
  type ResumableUploadRow,
} from '../store/resumableUploads';
import type { UserRow } from '../store/users';
import {
  contentTypeOf,
  MAX_FILE_UPLOAD_SIZE_MIB,
  newUploadPath,
  sanitizeFileName,
  storeAttachment,
} from './uploads';

/** An upload nobody has added to for this long is given up, its bytes deleted. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Zulip's refusals of a tus upload (its pre-create hook's): a status other
 * than 400, which Uppy would retry, and the reason as `{"message": ...}`.
 */
export class UploadRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface UploadRequest {
  size: number;
  metadata: Readonly<Record<string, string>>;
}

/**
 * Zulip's pre-create hook: the size within the server's limit, and a path
 * reserved for the file under its strictly sanitised name. The upload's
 * bytes start as an empty file beside its row.
 */
export function beginResumableUpload(
  services: Services,
  files: PartialUploadFiles,
  user: UserRow,
  request: UploadRequest,
): ResumableUploadRow {
  const max = MAX_FILE_UPLOAD_SIZE_MIB * 1024 * 1024;
  if (request.size > max) throw new UploadRefusal(413, errors.uploadTooLarge(max).message);
  const given = request.metadata.filename ?? '';
  const row = {
    path_id: newUploadPath(sanitizeFileName(given, true)),
    owner_id: user.id,
    size: request.size,
    // Zulip's pre-finish hook: a name a "Save as" dialog takes.
    file_name: given === '' || given === '.' || given === '..' ? 'uploaded-file' : given,
    file_type: request.metadata.filetype ?? '',
    metadata: JSON.stringify(request.metadata),
    create_time: Math.floor(Date.now() / 1000),
  };
  // A row whose file is lost has received nothing; the next PATCH makes the file.
  const id = services.sql.transaction(() => insertResumableUpload(services.sql, row));
  files.create(id);
  return { id, ...row };
}

/**
 * Zulip's pre-finish hook: the upload, now whole, becomes an attachment as
 * POST /user_uploads makes one, and stops being an upload in the same
 * transaction. Answers what Zulip's hook puts in the last PATCH's body.
 */
export function finishResumableUpload(
  services: Services,
  files: PartialUploadFiles,
  user: UserRow,
  upload: ResumableUploadRow,
): { url: string; filename: string } {
  storeAttachment(
    services,
    user,
    {
      pathId: upload.path_id,
      fileName: upload.file_name,
      contentType: contentTypeOf(upload.file_name, upload.file_type),
      data: files.read(upload.id),
    },
    () => deleteResumableUpload(services.sql, upload.id),
  );
  files.remove(upload.id);
  return { url: uploadUri(upload.path_id), filename: upload.file_name };
}

/** tus's termination: the upload and its bytes are gone. */
export function abandonResumableUpload(
  services: Services,
  files: PartialUploadFiles,
  upload: ResumableUploadRow,
): void {
  services.sql.transaction(() => deleteResumableUpload(services.sql, upload.id));
  files.remove(upload.id);
}

/**
 * Gives up uploads nobody has added to for ABANDONED_AFTER_MS, and deletes
 * bytes no upload owns (those of an upload finished or given up by a host
 * stopped before it deleted them).
 */
export function sweepAbandonedUploads(
  services: Services,
  files: PartialUploadFiles,
  now: number,
): void {
  const rows = allResumableUploads(services.sql);
  const owned = new Set(rows.map((row) => row.id));
  for (const id of files.ids()) if (!owned.has(id)) files.remove(id);
  for (const row of rows) {
    if (files.isBusy(row.id)) continue;
    const touched = files.touchedAt(row.id) ?? row.create_time * 1000;
    if (now - touched > ABANDONED_AFTER_MS) abandonResumableUpload(services, files, row);
  }
}

/** Sweeps now and every hour while the host runs; the answer stops it. */
export function keepSweepingUploads(services: Services, files: PartialUploadFiles): () => void {
  sweepAbandonedUploads(services, files, Date.now());
  const timer = setInterval(
    () => unlessDiskFull(() => sweepAbandonedUploads(services, files, Date.now())),
    3_600_000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
