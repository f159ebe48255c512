import type { UploadedFile } from '../markdown/lookups';
import { attachmentByPath, attachmentDataStart } from '../store/attachments';
import type { Sql } from '../store/sql';
import { imageHeader } from './imageHeader';

// The image types Zulip both thumbnails and lets a browser show as they are
// (THUMBNAIL_ACCEPT_IMAGE_TYPES within INLINE_MIME_TYPES); the others (HEIC,
// TIFF, AVIF, SVG) Zulip shows only as thumbnails, which the host does not make.
const previewedImageTypes = new Set(['image/gif', 'image/jpeg', 'image/png', 'image/webp']);

// Enough of a file for its header: a JPEG's size follows its EXIF and colour profile.
const headerBytes = 256 * 1024;

/** An upload as the renderer sees it: its type, and its size if Zulip would preview it as an image. */
export function uploadedFile(sql: Sql, pathId: string): UploadedFile | undefined {
  const attachment = attachmentByPath(sql, pathId);
  if (!attachment) return undefined;
  const start = previewedImageTypes.has(attachment.content_type)
    ? attachmentDataStart(sql, attachment.id, headerBytes)
    : undefined;
  const header = start ? imageHeader(start) : null;
  return {
    contentType: attachment.content_type,
    image: header && { width: header.width, height: header.height, animated: header.frames > 1 },
  };
}
