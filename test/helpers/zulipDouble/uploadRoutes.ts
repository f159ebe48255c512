import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticatedUser } from './auth';
import type { Context } from './context';
import { authedWith, success } from './http';
import { dispositionOf, temporaryFile, temporaryUrl, uploadFile, uploadedFile } from './uploads';
import type { Upload } from './org';

/** POST /user_uploads, and the uploaded files themselves, outside /api/v1. */
export function addUploadRoutes(app: FastifyInstance, context: () => Context): void {
  const authed = authedWith(context);

  app.post(
    '/api/v1/user_uploads',
    authed(async (userId, request) => success(await uploadFile(context(), userId, request.body))),
  );
  const pathOf = (request: FastifyRequest) =>
    decodeURIComponent((request.params as Record<string, string | undefined>)['*'] ?? '');
  const send = (reply: FastifyReply, upload: Upload) =>
    reply
      .header('content-type', upload.type)
      .header('content-disposition', dispositionOf(upload))
      .send(Buffer.from(upload.data));

  app.get(
    '/api/v1/user_uploads/*',
    authed(async (userId, request) =>
      success({ url: temporaryUrl(context(), userId, pathOf(request)) }),
    ),
  );
  app.get('/user_uploads/temporary/:token/:filename', async (request, reply) => {
    const { token, filename } = request.params as { token: string; filename: string };
    return send(reply, temporaryFile(context(), token, filename));
  });
  app.get('/user_uploads/*', async (request, reply) => {
    const userId = authenticatedUser(context().org, request);
    return send(reply, uploadedFile(context(), userId, pathOf(request)));
  });
}
