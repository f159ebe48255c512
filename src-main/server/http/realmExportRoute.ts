import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors';
import type { Services } from '../services';
import { exportTarballRoute } from '../shape/realmExports';
import { realmExportByPath } from '../store/realmExports';

/**
 * A finished export's tarball, at the export_url GET /export/realm gives
 * administrators. As Zulip's local storage serves it, the URL's random part
 * is what admits: anyone holding the URL, until the export is deleted.
 */
export function registerRealmExportRoute(app: FastifyInstance, services: Services): void {
  app.get(
    exportTarballRoute,
    async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
      const exportPath = `exports/${request.params['*']}`;
      if (!realmExportByPath(services.sql, exportPath)) throw errors.notFound();
      return reply
        .type('application/gzip')
        .headers({
          'Content-Disposition': `attachment; filename="${basename(exportPath)}"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        })
        .send(createReadStream(services.realmExports.fileOf(exportPath)));
    },
  );
}
