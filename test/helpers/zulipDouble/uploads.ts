import { randomBytes } from 'node:crypto';
import { emit, type Context } from './context';
import { ZulipError, badRequest } from './errors';
import { MultipartBody } from './multipart';
import type { Org, Upload } from './org';

const mib = 1024 * 1024;
// The realm ID in the documented example's upload paths.
const realmIdStr = '1';

/** The file's name as Zulip's sanitize_name keeps it in the path: letters, digits, dots and dashes. */
function sanitizedName(name: string): string {
  const kept = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_\s.-]/gu, '')
    .trim()
    .replace(/[-\s]+/g, '-');
  return ['', '.', '..'].includes(kept) ? 'uploaded-file' : kept;
}

const urlOf = (pathId: string) =>
  `/user_uploads/${pathId.split('/').map(encodeURIComponent).join('/')}`;

export const maxUploadBytes = (org: Org) => Number(org.realm.max_file_upload_size_mib) * mib;

/**
 * POST /user_uploads: one file, within the realm's max_file_upload_size_mib;
 * answers its URL as `url` (feature level 272) and the deprecated `uri`, and
 * the stored `filename` (285). An `attachment` `add` event goes to the uploader.
 */
export async function uploadFile(context: Context, userId: number, body: unknown) {
  const { org } = context;
  const files = body instanceof MultipartBody ? body.files : [];
  if (files.length === 0) throw badRequest('You must specify a file to upload');
  if (files.length > 1) throw badRequest('You may only upload one file at a time');
  const [file] = files;
  if (!file) throw badRequest('You must specify a file to upload');
  if (file.size > maxUploadBytes(org)) {
    throw badRequest(
      `Uploaded file is larger than the allowed limit of ${String(org.realm.max_file_upload_size_mib)} MiB`,
    );
  }
  const name = file.name || 'uploaded-file';
  const pathId = [
    realmIdStr,
    randomBytes(1).toString('hex'),
    randomBytes(18).toString('base64url'),
    sanitizedName(name),
  ].join('/');
  const upload: Upload = {
    id: org.nextAttachmentId,
    pathId,
    name,
    type: file.type || 'application/octet-stream',
    data: new Uint8Array(await file.arrayBuffer()),
    ownerId: userId,
    createTime: context.now(),
  };
  org.nextAttachmentId += 1;
  org.uploads.set(pathId, upload);
  const used = [...org.uploads.values()].reduce((sum, each) => sum + each.data.length, 0);
  emit(context, [userId], () => ({
    type: 'attachment',
    op: 'add',
    attachment: {
      id: upload.id,
      name: upload.name,
      path_id: upload.pathId,
      size: upload.data.length,
      create_time: upload.createTime,
      message_ids: [],
    },
    upload_space_used: used,
  }));
  const url = urlOf(pathId);
  return { uri: url, url, filename: name };
}

/**
 * The uploaded file at the path, for its uploader or anyone who can see a
 * message linking it; Zulip answers others 403 and unknown paths 404.
 */
export function uploadedFile(context: Context, userId: number, pathId: string): Upload {
  const { org } = context;
  const upload = org.uploads.get(pathId);
  if (!upload) throw new ZulipError(404, 'BAD_REQUEST', 'File not found');
  const links = [`/user_uploads/${pathId}`, urlOf(pathId)];
  const linked = [...org.messages.values()].some(
    (message) =>
      links.some((link) => message.content.includes(link)) && org.canSee(userId, message),
  );
  if (upload.ownerId !== userId && !linked) {
    throw new ZulipError(403, 'BAD_REQUEST', 'You are not authorized to view this file.');
  }
  return upload;
}

// Zulip's temporary file URLs last a minute.
const temporaryUrlSeconds = 60;

/**
 * GET /api/v1/user_uploads/{realm_id_str}/{filename}: a URL of the file that
 * works without credentials for a minute, for whoever may read it.
 */
export function temporaryUrl(context: Context, userId: number, pathId: string): string {
  const upload = uploadedFile(context, userId, pathId);
  const token = randomBytes(24).toString('base64url');
  context.org.temporaryUploads.set(token, {
    pathId: upload.pathId,
    expires: context.now() + temporaryUrlSeconds,
  });
  const name = upload.pathId.split('/').at(-1) ?? '';
  return `/user_uploads/temporary/${token}/${encodeURIComponent(name)}`;
}

/** The file a temporary URL names, while it lasts; Zulip's 400 "Invalid token" otherwise. */
export function temporaryFile(context: Context, token: string, filename: string): Upload {
  const held = context.org.temporaryUploads.get(token);
  const upload =
    held && held.expires >= context.now() ? context.org.uploads.get(held.pathId) : null;
  if (!upload) throw badRequest('Invalid token');
  if (upload.pathId.split('/').at(-1) !== filename) throw badRequest('Invalid filename');
  return upload;
}

// Types a browser shows in place; others are served as attachments, as Zulip does.
const inlineTypes =
  /^(image\/(png|jpeg|gif|webp|avif)|application\/pdf|video\/|audio\/|text\/plain)/;

export const dispositionOf = (upload: Upload) =>
  `${inlineTypes.test(upload.type) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(upload.name)}`;
