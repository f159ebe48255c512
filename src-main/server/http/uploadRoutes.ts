import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inlineImageTypes } from '../../wire';
import { mayRead } from '../actions/uploads';
import { errors } from '../errors';
import type { Services } from '../services';
import {
  attachmentById,
  attachmentByPath,
  attachmentData,
  type AttachmentRow,
} from '../store/attachments';
import type { UserRow } from '../store/users';
import { authenticate, authenticateByApiKey } from './auth';
import { writeRateHeaders, type RateStanding } from './rateLimits';

// Zulip's signed, unauthenticated file URLs last a minute.
const temporaryUrlSeconds = 60;

// Zulip's INLINE_MIME_TYPES: what a browser may show in place; anything else
// is offered as a download, so that no uploaded page runs as the host's.
const inlineTypes = new Set([
  ...inlineImageTypes,
  'application/pdf',
  'text/plain',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/webm',
  'video/mp4',
  'video/webm',
]);

/** RFC 6266's Content-Disposition, with RFC 8187's form for a name beyond ASCII. */
function disposition(attachment: AttachmentRow): string {
  const kind = inlineTypes.has(attachment.content_type) ? 'inline' : 'attachment';
  const name = attachment.file_name;
  return /^[\x20-\x7e]*$/.test(name)
    ? `${kind}; filename="${name.replace(/["\\]/g, '\\$&')}"`
    : `${kind}; filename*=utf-8''${encodeURIComponent(name)}`;
}

type UploadRequest = FastifyRequest<{
  Params: { realm_id_str: string; '*': string };
  Querystring: { api_key?: string };
}>;

const pathIdOf = (request: UploadRequest) =>
  `${request.params.realm_id_str}/${request.params['*']}`;

const monotonicSeconds = () => Math.floor(performance.now() / 1000);

/**
 * The signed form of a file's URL (Zulip's generate_unauthed_file_access_url):
 * which attachment, until when, and a MAC over both under a key that lives as
 * long as the host. Short, as the router takes path segments of 100 characters.
 * "Until when" is on the process's monotonic clock, which the key cannot
 * outlive: a wall clock moved forward by hours ends no link just handed out,
 * nor does one moved back keep a link alive for hours.
 */
class TemporaryUrls {
  readonly #key = randomBytes(32);

  #mac(payload: string): Buffer {
    return createHmac('sha256', this.#key).update(payload).digest().subarray(0, 16);
  }

  urlFor(attachment: AttachmentRow): string {
    const payload = `${attachment.id}-${monotonicSeconds() + temporaryUrlSeconds}`;
    const name = attachment.path_id.split('/').at(-1) ?? '';
    return `/user_uploads/temporary/${payload}-${this.#mac(payload).toString('base64url')}/${encodeURIComponent(name)}`;
  }

  /** The attachment a token names, or null when it is forged or out of date. */
  attachmentOf(token: string): number | null {
    const match = /^(\d+)-(\d+)-([\w-]+)$/.exec(token);
    if (!match) return null;
    const [, id, expires, signature] = match as unknown as [string, string, string, string];
    const given = Buffer.from(signature, 'base64url');
    const expected = this.#mac(`${id}-${expires}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return Number(expires) < monotonicSeconds() ? null : Number(id);
  }
}

function sendFile(services: Services, reply: FastifyReply, attachment: AttachmentRow) {
  const data = attachmentData(services.sql, attachment.id);
  if (!data) throw errors.notFound();
  return reply
    .type(attachment.content_type)
    .headers({
      'Content-Disposition': disposition(attachment),
      'Cache-Control': 'private, immutable',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'X-Content-Type-Options': 'nosniff',
    })
    .send(data);
}

// Zulip's answers for a file that is not there, and one the caller may not read.
const fileNotFound = () => errors.notFound('File not found.');
const notAuthorized = () => errors.forbidden('You are not authorized to view this file.');

function readable(services: Services, user: UserRow, pathId: string): AttachmentRow {
  const attachment = attachmentByPath(services.sql, pathId);
  if (!attachment) throw fileNotFound();
  if (!mayRead(services.sql, user, attachment)) throw notAuthorized();
  return attachment;
}

/** Counts an /api/v1 request against the caller's rate limit, as the API's own endpoints do. */
function countRequest(services: Services, user: UserRow, reply: FastifyReply): void {
  const standings: RateStanding[] = [];
  try {
    services.rateLimits?.user(user.id, standings);
  } finally {
    writeRateHeaders(reply, standings);
  }
}

/**
 * Uploaded files, outside /api/v1 as Zulip serves them: to whoever Zulip's
 * rules let read them, authenticated by HTTP Basic or by `api_key` in the
 * URL; and, for a window's <img> that can send neither, at a signed URL that
 * GET /api/v1/user_uploads/... hands out for a minute.
 */
export function registerUploadRoutes(app: FastifyInstance, services: Services): void {
  const temporary = new TemporaryUrls();

  // As Zulip's override_api_url_scheme views, these count against no rate
  // limit: a window shows many files at once.
  app.get('/user_uploads/:realm_id_str(^\\d+$)/*', async (request: UploadRequest, reply) => {
    const { authorization } = request.headers;
    const apiKey = request.query.api_key;
    if (authorization === undefined && apiKey === undefined) throw notAuthorized();
    const user =
      authorization !== undefined
        ? authenticate(services, authorization)
        : authenticateByApiKey(services, apiKey ?? '');
    return sendFile(services, reply, readable(services, user, pathIdOf(request)));
  });

  app.get(
    '/user_uploads/temporary/:token/:filename',
    async (request: FastifyRequest<{ Params: { token: string; filename: string } }>, reply) => {
      const id = temporary.attachmentOf(request.params.token);
      const attachment = id === null ? undefined : attachmentById(services.sql, id);
      if (!attachment) throw errors.badRequest('Invalid token');
      if (attachment.path_id.split('/').at(-1) !== request.params.filename) {
        throw errors.badRequest('Invalid filename');
      }
      return sendFile(services, reply, attachment);
    },
  );

  app.get('/api/v1/user_uploads/:realm_id_str(^\\d+$)/*', async (request: UploadRequest, reply) => {
    const user = authenticate(services, request.headers.authorization);
    countRequest(services, user, reply);
    const attachment = readable(services, user, pathIdOf(request));
    return { result: 'success', msg: '', url: temporary.urlFor(attachment) };
  });

  // Zulip 12's thumbnail status (feature level 479), which a client polls until
  // an image's thumbnails exist. The host makes none: a file it lets the caller
  // read has none, now or later.
  app.get(
    '/api/v1/thumbnail/status/:realm_id_str(^\\d+$)/*',
    async (request: UploadRequest, reply) => {
      const user = authenticate(services, request.headers.authorization);
      countRequest(services, user, reply);
      readable(services, user, pathIdOf(request));
      return { result: 'success', msg: '', has_thumbnail: false };
    },
  );
}
