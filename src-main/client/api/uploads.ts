import { z } from 'zod';
import { mt } from '../../i18n/mainText';
import { FileTooLargeError } from './errors';
import type { FileRequestOptions, HttpClient, ServerFile, UploadProgress } from './http';

const temporaryUrlSchema = z.looseObject({ url: z.string().min(1) });

// Zulip 7.0 answers an upload with `uri`; later releases add `url`, the name newer ones keep.
const uploadedSchema = z
  .looseObject({ uri: z.string().min(1).optional(), url: z.string().min(1).optional() })
  .refine(
    (answer) => answer.url !== undefined || answer.uri !== undefined,
    'the answer names no url',
  );

// A file goes at the speed of the link: a minute is too short for 25 MiB on a slow one.
const uploadTimeoutMs = 15 * 60_000;

/** A file for Zulip's POST /user_uploads. */
export interface FileUpload {
  name: string;
  data: Uint8Array;
  /** Its media type, which the server serves it with. */
  type?: string | undefined;
  /**
   * The server's max_file_upload_size_mib, in bytes, when it said: a larger
   * file is refused in the server's words without being sent.
   */
  maxBytes?: number | null | undefined;
  onProgress?: UploadProgress | undefined;
  signal?: AbortSignal | undefined;
}

const mib = 1024 * 1024;

/** Files uploaded to the server, and fetched back. */
export interface UploadsApi {
  /** Zulip's POST /user_uploads: resolves to the file's URL on the server, as a message links it. */
  uploadFile(file: FileUpload): Promise<string>;
  /** An uploaded file (`/user_uploads/…`), fetched with the account's credentials. */
  getUploadedFile(path: string, options: FileRequestOptions): Promise<ServerFile>;
  /**
   * Zulip's GET /user_uploads/{realm_id_str}/{filename}: a URL of the file
   * (`/user_uploads/…`) that works for a minute without credentials.
   */
  temporaryUploadUrl(path: string): Promise<string>;
}

export function uploadsApi(http: HttpClient): UploadsApi {
  return {
    async uploadFile({ name, data, type, maxBytes, onProgress, signal }) {
      if (maxBytes != null && data.length > maxBytes) {
        // Zulip's own words for a file past its limit.
        throw new FileTooLargeError(
          mt('main.uploads.overLimit', { mib: Math.round((maxBytes / mib) * 100) / 100 }),
          data.length,
          maxBytes,
        );
      }
      const answer = await http.request('POST', 'user_uploads', {}, uploadedSchema, {
        file: { filename: name, data, type },
        timeoutMs: uploadTimeoutMs,
        ...(onProgress ? { onProgress } : {}),
        ...(signal ? { signal } : {}),
      });
      return answer.url ?? answer.uri ?? '';
    },
    getUploadedFile: (path, options) => http.getFile(path, options),
    async temporaryUploadUrl(path) {
      const answer = await http.request('GET', path, {}, temporaryUrlSchema);
      return answer.url;
    },
  };
}
