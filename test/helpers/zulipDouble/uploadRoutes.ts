import type { FastifyInstance } from 'fastify';
import { authenticatedUser } from './auth';
import type { Context } from './context';
import { authedWith, success } from './http';
import { dispositionOf, uploadFile, uploadedFile } from './uploads';

/** POST /user_uploads, and the uploaded files themselves, outside /api/v1. */
export function addUploadRoutes(app: FastifyInstance, context: () => Context): void {
  const authed = authedWith(context);

  app.post(
    '/api/v1/user_uploads',
    authed(async (userId, request) => success(await uploadFile(context(), userId, request.body))),
  );
  app.get('/user_uploads/*', async (request, reply) => {
    const userId = authenticatedUser(context().org, request);
    const path = (request.params as Record<string, string | undefined>)['*'] ?? '';
    const upload = uploadedFile(context(), userId, decodeURIComponent(path));
    return reply
      .header('content-type', upload.type)
      .header('content-disposition', dispositionOf(upload))
      .send(Buffer.from(upload.data));
  });
}
