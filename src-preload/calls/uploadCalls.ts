import { z } from 'zod';

// The bridge's part for files: the compose box sends them to the account's
// server, and the feed shows the images messages link and saves the other
// files. Main reads them with the account's key, which the window never holds,
// and hands the window what it may show: a data: URL, or a file saved on disk.

/**
 * The largest file that crosses the bridge: Zulip's default
 * max_file_upload_size_mib (25 MiB), which a Hearth host takes too.
 */
export const maxUploadBytes = 25 * 1024 * 1024;

/** Bytes as base64, at most `maxBytes` of them. */
const base64Bytes = (maxBytes: number) =>
  z
    .string()
    .max(Math.ceil(maxBytes / 3) * 4)
    // A pattern of groups of four would overflow the regular expression's stack on megabytes.
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64')
    .refine((text) => text.length % 4 === 0, 'not base64');

const accountId = z.string().min(1).max(100);
/** The window's own name for one upload, which its progress events carry. */
const uploadId = z.string().min(1).max(100);
/** A link of a message, as written in its HTML (`/user_uploads/…`, relative to the account's server). */
const uploadHref = z.string().min(1).max(2000);

export const uploadBridgeCalls = {
  /**
   * Sends a file to the account's server (Zulip's POST /user_uploads);
   * `uploadProgress` events tell how much has gone. Resolves to the file's URL,
   * as a message links it; a refusal rejects with the server's reason.
   */
  uploadFile: {
    args: z.object({
      accountId,
      uploadId,
      name: z.string().trim().min(1).max(255),
      /** The file's media type, as the system named it; empty when it did not. */
      type: z
        .string()
        .max(255)
        .regex(/^(?:[\w.+-]+\/[\w.+-]+)?$/, 'not a media type'),
      data: base64Bytes(maxUploadBytes),
    }),
    result: z.object({ url: z.string() }),
  },
  /** Stops sending the file; its uploadFile call then fails. */
  cancelUpload: { args: z.object({ uploadId }), result: z.object({}) },
  /** An uploaded image a message of the account shows, as a data: URL the window may show. */
  uploadedImage: {
    args: z.object({ accountId, href: uploadHref }),
    result: z.object({ dataUrl: z.string() }),
  },
  /**
   * Saves a file a message of the account links into the person's download
   * folder, or where main's save dialog says, and shows it there; null when
   * the person cancelled the dialog and nothing was saved.
   */
  saveUpload: {
    args: z.object({ accountId, href: uploadHref }),
    result: z.object({ name: z.string(), path: z.string() }).nullable(),
  },
} as const;

export const uploadBridgeEvents = {
  /** How much of a file the window is uploading has gone to the server, in bytes of the request. */
  uploadProgress: z.object({
    accountId: z.string(),
    uploadId: z.string(),
    sent: z.number().int(),
    total: z.number().int(),
  }),
} as const;
