// The tus 1.0.0 protocol as tusd speaks it to Zulip's clients: its headers,
// and its refusals, which are plain text ("ERR_…: reason") rather than
// Zulip's JSON, with tusd's status codes.

export const TUS_VERSION = '1.0.0';

// What tusd offers over Zulip's local storage, less what the host does not
// do: concatenation, and creation-defer-length, which Zulip's hook refuses.
export const TUS_EXTENSIONS = 'creation,creation-with-upload,termination';

export const CHUNK_TYPE = 'application/offset+octet-stream';

export class TusError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  get body(): string {
    return `${this.code}: ${this.message}\n`;
  }
}

export const tusErrors = {
  unsupportedVersion: () =>
    new TusError(
      412,
      'ERR_UNSUPPORTED_VERSION',
      'missing, invalid or unsupported Tus-Resumable header',
    ),
  invalidUploadLength: () =>
    new TusError(400, 'ERR_INVALID_UPLOAD_LENGTH', 'missing or invalid Upload-Length header'),
  ambiguousUploadLength: () =>
    new TusError(
      400,
      'ERR_AMBIGUOUS_UPLOAD_LENGTH',
      'provided both Upload-Length and Upload-Defer-Length',
    ),
  invalidDeferLength: () =>
    new TusError(400, 'ERR_INVALID_UPLOAD_LENGTH_DEFER', 'invalid Upload-Defer-Length header'),
  invalidContentType: () =>
    new TusError(400, 'ERR_INVALID_CONTENT_TYPE', 'missing or invalid Content-Type header'),
  invalidOffset: () =>
    new TusError(400, 'ERR_INVALID_OFFSET', 'missing or invalid Upload-Offset header'),
  notFound: () => new TusError(404, 'ERR_UPLOAD_NOT_FOUND', 'upload not found'),
  locked: () => new TusError(423, 'ERR_UPLOAD_LOCKED', 'file currently locked'),
  mismatchedOffset: () => new TusError(409, 'ERR_MISMATCHED_OFFSET', 'mismatched offset'),
  sizeExceeded: () => new TusError(413, 'ERR_UPLOAD_SIZE_EXCEEDED', "upload's size exceeded"),
};

type HeaderValue = string | string[] | undefined;

/** A header's value as a count of bytes, or null when it is not one (or is given twice). */
export function byteCount(value: HeaderValue): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** tus's Upload-Metadata: `key base64value` pairs, an element that is neither skipped as tusd skips it. */
export function parseMetadata(header: HeaderValue): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const element of [header ?? ''].flat().join(',').split(',')) {
    const parts = element.trim().split(' ');
    const [key, value] = parts;
    if (key === undefined || key === '' || parts.length > 2) continue;
    if (value !== undefined && !base64.test(value)) continue;
    metadata[key] = value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8');
  }
  return metadata;
}

export function serializeMetadata(metadata: Readonly<Record<string, string>>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');
}
