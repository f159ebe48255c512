import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  abandonResumableUpload,
  beginResumableUpload,
  finishResumableUpload,
  UploadRefusal,
} from '../actions/resumableUploads';
import { MAX_FILE_UPLOAD_SIZE_MIB } from '../actions/uploads';
import type { Services } from '../services';
import type { PartialUploadFiles } from '../store/partialUploadFiles';
import { isDiskFull } from '../store/storageFaults';
import { resumableUploadById, type ResumableUploadRow } from '../store/resumableUploads';
import type { UserRow } from '../store/users';
import { authenticate } from './auth';
import {
  byteCount,
  CHUNK_TYPE,
  parseMetadata,
  serializeMetadata,
  TUS_EXTENSIONS,
  TUS_VERSION,
  TusError,
  tusErrors,
} from './tusProtocol';

const BASE = '/api/v1/tus';

type UploadRequest = FastifyRequest<{ Params: { upload_id: string } }>;

// Zulip's hook answers anyone it cannot authenticate so, whatever was wrong.
function caller(services: Services, request: FastifyRequest): UserRow {
  try {
    return authenticate(services, request.headers.authorization);
  } catch {
    throw new UploadRefusal(401, 'Unauthenticated upload');
  }
}

// tusd runs no hook before HEAD, PATCH or DELETE; the host still lets only
// the uploader near an upload, and tells anyone else it is not there.
function ownUpload(services: Services, user: UserRow, request: UploadRequest): ResumableUploadRow {
  const id = /^\d{1,15}$/.test(request.params.upload_id) ? Number(request.params.upload_id) : NaN;
  const upload = Number.isNaN(id) ? undefined : resumableUploadById(services.sql, id);
  if (!upload || upload.owner_id !== user.id) throw tusErrors.notFound();
  return upload;
}

function checkVersion(request: FastifyRequest): void {
  if (request.headers['tus-resumable'] !== TUS_VERSION) throw tusErrors.unsupportedVersion();
}

/**
 * Appends the request's body to the upload, no further than its length.
 * A body cut off keeps what arrived: the upload resumes from there.
 */
async function receive(
  request: FastifyRequest,
  files: PartialUploadFiles,
  upload: ResumableUploadRow,
): Promise<{ overflowed: boolean }> {
  let room = upload.size - files.offsetOf(upload.id);
  let overflowed = false;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const fits = chunk.subarray(0, Math.max(0, room));
      room -= fits.length;
      if (fits.length < chunk.length) overflowed = true;
      callback(null, fits);
    },
  });
  const out = files.appender(upload.id);
  // Closed, not merely ended, so that the file's length is all that was written.
  const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
  let failure: unknown = null;
  await pipeline(request.raw, limit, out).catch((error: unknown) => {
    failure = error;
  });
  await closed;
  // What arrived is kept either way; a full disk is said (507, as any
  // write the disk refuses), where a body cut off is not a fault.
  if (isDiskFull(failure)) throw failure;
  return { overflowed };
}

function sendUploaded(reply: FastifyReply, answer: { url: string; filename: string }) {
  return reply.code(200).type('application/json').send(JSON.stringify(answer));
}

/**
 * Adds the request's bytes to the upload and, once it is whole, makes it an
 * attachment: the answer then carries the file's URL, as Zulip's pre-finish
 * hook puts it in the last PATCH's body.
 */
async function append(
  services: Services,
  files: PartialUploadFiles,
  request: FastifyRequest,
  reply: FastifyReply,
  upload: ResumableUploadRow,
  user: UserRow,
): Promise<{ url: string; filename: string } | null> {
  const { overflowed } = await receive(request, files, upload);
  const offset = files.offsetOf(upload.id);
  void reply.header('Upload-Offset', String(offset));
  const finished =
    offset === upload.size ? finishResumableUpload(services, files, user, upload) : null;
  // As tusd, a body longer than the upload is refused once what fit is kept.
  if (overflowed) throw tusErrors.sizeExceeded();
  return finished;
}

async function withUpload<T>(
  files: PartialUploadFiles,
  upload: ResumableUploadRow,
  work: () => Promise<T>,
): Promise<T> {
  if (!files.take(upload.id)) throw tusErrors.locked();
  try {
    return await work();
  } finally {
    files.release(upload.id);
  }
}

function uploadLength(request: FastifyRequest): number {
  const length = request.headers['upload-length'];
  const deferred = request.headers['upload-defer-length'];
  if (length !== undefined && deferred !== undefined) throw tusErrors.ambiguousUploadLength();
  if (deferred !== undefined && deferred !== '1') throw tusErrors.invalidDeferLength();
  if (deferred !== undefined) return -1;
  const size = byteCount(length);
  if (size === null) throw tusErrors.invalidUploadLength();
  return size;
}

/**
 * Zulip 10's resumable uploads (feature level 295): tus 1.0.0 at /api/v1/tus,
 * as Zulip's tusd and its hooks answer it. A finished upload is an
 * attachment like one from POST /user_uploads, under the same limit.
 */
export function registerTusRoutes(
  app: FastifyInstance,
  services: Services,
  files: PartialUploadFiles,
): void {
  void app.register(async (scope) => {
    // The body is the upload's bytes, streamed to disk, never parsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.addHook('onRequest', async (_request, reply) => {
      void reply.headers({ 'Tus-Resumable': TUS_VERSION, 'X-Content-Type-Options': 'nosniff' });
    });

    scope.setErrorHandler(async (error, _request, reply) => {
      if (error instanceof TusError) {
        return reply.code(error.status).type('text/plain; charset=utf-8').send(error.body);
      }
      if (error instanceof UploadRefusal) {
        const body = JSON.stringify({ message: error.message });
        return reply.code(error.status).type('application/json').send(body);
      }
      // The rest of a body the disk had no room for was never read: the
      // connection cannot carry another request after this answer.
      if (isDiskFull(error)) void reply.header('Connection', 'close');
      // Anything else (a foreign Host header, a fault) is answered as everywhere else.
      throw error;
    });

    const options = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .headers({
          'Tus-Version': TUS_VERSION,
          'Tus-Extension': TUS_EXTENSIONS,
          'Tus-Max-Size': String(MAX_FILE_UPLOAD_SIZE_MIB * 1024 * 1024),
        })
        .code(200)
        .send();
    for (const url of [BASE, `${BASE}/`, `${BASE}/:upload_id`]) scope.options(url, options);

    const create = async (request: FastifyRequest, reply: FastifyReply) => {
      checkVersion(request);
      const size = uploadLength(request);
      const user = caller(services, request);
      if (size < 0) throw new UploadRefusal(411, 'SizeIsDeferred is not supported');
      const upload = beginResumableUpload(services, files, user, {
        size,
        metadata: parseMetadata(request.headers['upload-metadata']),
      });
      void reply.header('Location', `${request.protocol}://${request.host}${BASE}/${upload.id}`);
      if (request.headers['content-type'] === CHUNK_TYPE) {
        return withUpload(files, upload, async () => {
          const finished = await append(services, files, request, reply, upload, user);
          return finished ? sendUploaded(reply, finished) : reply.code(201).send();
        });
      }
      if (size === 0)
        return sendUploaded(reply, finishResumableUpload(services, files, user, upload));
      return reply.code(201).send();
    };
    scope.post(BASE, create);
    scope.post(`${BASE}/`, create);

    const head = async (request: UploadRequest, reply: FastifyReply) => {
      const upload = ownUpload(services, caller(services, request), request);
      const metadata = JSON.parse(upload.metadata) as Record<string, string>;
      if (Object.keys(metadata).length > 0) {
        void reply.header('Upload-Metadata', serializeMetadata(metadata));
      }
      return reply
        .headers({
          'Cache-Control': 'no-store',
          'Upload-Offset': String(files.offsetOf(upload.id)),
          'Upload-Length': String(upload.size),
        })
        .code(200)
        .send();
    };

    const patch = async (request: UploadRequest, reply: FastifyReply) => {
      checkVersion(request);
      if (request.headers['content-type'] !== CHUNK_TYPE) throw tusErrors.invalidContentType();
      const offset = byteCount(request.headers['upload-offset']);
      if (offset === null) throw tusErrors.invalidOffset();
      const user = caller(services, request);
      const upload = ownUpload(services, user, request);
      return withUpload(files, upload, async () => {
        if (offset !== files.offsetOf(upload.id)) throw tusErrors.mismatchedOffset();
        const length = byteCount(request.headers['content-length']);
        if (length !== null && offset + length > upload.size) throw tusErrors.sizeExceeded();
        const finished = await append(services, files, request, reply, upload, user);
        return finished ? sendUploaded(reply, finished) : reply.code(204).send();
      });
    };

    const terminate = async (request: UploadRequest, reply: FastifyReply) => {
      checkVersion(request);
      const upload = ownUpload(services, caller(services, request), request);
      return withUpload(files, upload, async () => {
        abandonResumableUpload(services, files, upload);
        return reply.code(204).send();
      });
    };

    scope.head(`${BASE}/:upload_id`, head);
    scope.patch(`${BASE}/:upload_id`, patch);
    scope.delete(`${BASE}/:upload_id`, terminate);
    // tusd's X-HTTP-Method-Override, for clients that can send only POST.
    scope.post(`${BASE}/:upload_id`, async (request: UploadRequest, reply) => {
      const method = request.headers['x-http-method-override'];
      if (method === 'PATCH') return patch(request, reply);
      if (method === 'DELETE') return terminate(request, reply);
      if (method === 'HEAD') return head(request, reply);
      throw tusErrors.notFound();
    });
  });
}
