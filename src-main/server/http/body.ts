import { Busboy } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';

// One file at most per request, as every Zulip upload endpoint takes; an
// endpoint that takes files sets how large (and its route, the body limit).
const limits = { fieldSize: 1024 * 1024, fields: 200, files: 1 };

/** A file of a multipart request, whole in memory: the endpoints that take one take small ones. */
export interface UploadedFile {
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
}

// Kept beside the fields under a symbol, which the parameter decoder's for…in never sees.
const uploadedFiles = Symbol('uploaded files');

/** The files a request body carried; none for a body that was not multipart. */
export function filesOf(body: unknown): readonly UploadedFile[] {
  if (typeof body !== 'object' || body === null) return [];
  return (body as { [uploadedFiles]?: UploadedFile[] })[uploadedFiles] ?? [];
}

// A form with no fields is sent by zulip-js as nothing but the closing
// boundary, which the multipart parser rejects; it simply means "no arguments".
function isEmptyForm(body: Buffer): boolean {
  const text = body.toString('latin1').trim();
  return text.length === 0 || /^--[^\r\n]+--$/.test(text);
}

function parseForm(
  headers: FastifyRequest['headers'],
  body: Buffer,
): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    const parser = new Busboy({
      headers: { ...headers, 'content-type': String(headers['content-type']) },
      limits,
      // The name as sent: one that names a folder is refused, not quietly cut to its last part.
      preservePath: true,
    });
    parser.on('field', (name: string, value: string) => {
      fields[name] = value;
    });
    parser.on(
      'file',
      (
        field: string,
        stream: NodeJS.ReadableStream,
        filename: string,
        _encoding: string,
        mimeType: string,
      ) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () =>
          files.push({ field, filename, mimeType, data: Buffer.concat(chunks) }),
        );
      },
    );
    parser.on('filesLimit', () => reject(new ApiError('You may only upload one file at a time')));
    parser.on('error', () => reject(new ApiError('Malformed request body')));
    parser.on('finish', () => {
      if (files.length > 0) Object.defineProperty(fields, uploadedFiles, { value: files });
      resolve(fields);
    });
    parser.end(body);
  });
}

/**
 * Zulip clients send POST, PATCH and DELETE arguments as urlencoded or
 * multipart form data (zulip-js always uses multipart); both become a flat map
 * of strings, with a multipart request's file beside them (see `filesOf`).
 */
export function registerFormParsers(app: FastifyInstance): void {
  const parse = async (request: FastifyRequest, body: Buffer) => {
    if (isEmptyForm(body)) return {};
    try {
      return await parseForm(request.headers, body);
    } catch (error) {
      throw error instanceof ApiError ? error : new ApiError('Malformed request body');
    }
  };
  for (const type of ['multipart/form-data', 'application/x-www-form-urlencoded']) {
    app.addContentTypeParser(type, { parseAs: 'buffer' }, parse);
  }
}
