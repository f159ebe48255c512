import { Busboy } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';

const limits = { fieldSize: 1024 * 1024, fields: 200, files: 0 };

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
    const parser = new Busboy({
      headers: { ...headers, 'content-type': String(headers['content-type']) },
      limits,
    });
    parser.on('field', (name: string, value: string) => {
      fields[name] = value;
    });
    parser.on('file', (_name: string, stream: NodeJS.ReadableStream) => stream.resume());
    parser.on('filesLimit', () => reject(new ApiError('File uploads are not supported here')));
    parser.on('error', () => reject(new ApiError('Malformed request body')));
    parser.on('finish', () => resolve(fields));
    parser.end(body);
  });
}

/**
 * Zulip clients send POST, PATCH and DELETE arguments as urlencoded or
 * multipart form data (zulip-js always uses multipart); both become a flat map
 * of strings. Uploaded files are not part of this API slice and are refused.
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
