import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';
import { scopeOf } from '../db/request-scope';
import { AppError } from '../errors/app-error';
import { requireCaller } from './require-caller';
import { exportView, ZExportViewInput } from '../features/views/views.export';

/**
 * GET /api/views/{view}/export?format=csv|xlsx&state=<JSON {filters, sort, search, columns}>: the current table
 * state as a downloaded file, all pages, streamed. Guarded like queryView. Reads outside a transaction so a long
 * export does not hold one open.
 */
export function registerViewExportRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth }): void {
  app.get<{ Params: { view: string }; Querystring: { format?: string; state?: string } }>(
    '/api/views/:view/export',
    async (request, reply) => {
      const caller = await requireCaller(deps, request, 'queryView');
      let state: unknown = {};
      try {
        state = request.query.state ? JSON.parse(request.query.state) : {};
      } catch {
        throw new AppError('BAD_REQUEST', 'state must be JSON');
      }
      const input = ZExportViewInput.parse({ ...(state as object), view: request.params.view, format: request.query.format });
      const file = exportView({ scope: scopeOf(deps.db, caller), input });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
}
