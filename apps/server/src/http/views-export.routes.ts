import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';
import { scopeOf } from '../db/request-scope';
import { AppError } from '../errors/app-error';
import { requireCaller } from './require-caller';
import { exportView, ZExportViewInput } from '../features/views/views.export';
import { authorizeView } from '../features/views/views.service';
import { assertViewQueryRuns } from '../features/views/views.query';
import { recordScopeAccess } from '../features/access-log/access-log.record';
import { languageOfRequest } from '../i18n/request-language';

/**
 * GET /api/views/{view}/export?format=csv|xlsx&state=<JSON {filters, sort, search, columns}>: the current table
 * state as a downloaded file, all pages, streamed. Guarded like queryView. Reads outside a transaction so a long
 * export does not hold one open. The input and the view's query are checked before streaming starts: bad input
 * answers 400 with a message (an impossible date in a filter names the filter), never a 200 cut short. Each export
 * is written to the access log (`export-download`, the file name). The file's headings and words are in the
 * caller's language (exportView).
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
      const scope = scopeOf(deps.db, caller);
      // Everything that can refuse the request runs before the first byte is sent (400 with a message), not mid-stream.
      await assertViewQueryRuns(scope, authorizeView(scope, input.view), input);
      // The file in the caller's language, as requireCaller noted it (their setting, else Accept-Language).
      const file = exportView({ scope, input, language: languageOfRequest(request) });
      // A list's export carries its rows out of Hearth: logged like an export's download (access log).
      await recordScopeAccess(scope, { action: 'export-download', recordType: 'view', detail: file.filename });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
}
