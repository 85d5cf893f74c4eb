import { z } from 'zod';
import { ZId } from '@hearth/shared/app/input-rules';
import { ZOkOutput } from '@hearth/shared/app/outputs.schema';
import {
  ZBackendViewMeta,
  ZFrontendView,
  ZFrontendViewUserPreference,
  ZQueryOptionsViewInput,
  ZQueryViewInput,
  ZQueryViewOutput,
  ZUpsertFrontendViewInput,
  ZUpsertFrontendViewUserPreferenceInput,
  ZViewNameInput,
  ZViewOption,
} from '@hearth/shared/views/views.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as service from './views.service';

/**
 * The view engine's procedures (spec section 7): backend views, their pages and options, saved views and the
 * caller's preferences. Outputs are declared; a view page's rows are open records because their columns depend on
 * the view (see ZViewRow), and the view's definition is what whitelists them.
 */
export const viewsRouter = router({
  /** A backend view's metadata {view} -> {name, label, columns, searchable, defaultSort, rowLink}. */
  getBackendView: permissionProcedure
    .input(ZViewNameInput)
    .output(ZBackendViewMeta)
    .query(({ ctx, input }) => service.getBackendView({ scope: ctx.scope, input })),
  /** A page of a view -> {rows, totalCount, page, pageSize, totalPages}; translatable columns in the caller's language. */
  queryView: permissionProcedure
    .input(ZQueryViewInput)
    .output(ZQueryViewOutput)
    .query(({ ctx, input }) => service.queryView({ scope: ctx.scope, input, language: ctx.language })),
  /** Up to 20 {value, label} options matching non-empty text. */
  queryOptionsView: permissionProcedure
    .input(ZQueryOptionsViewInput)
    .output(z.array(ZViewOption))
    .query(({ ctx, input }) => service.queryOptionsView({ scope: ctx.scope, input })),
  /** Saved views of a backend view the caller may see -> FrontendView[]. */
  getFrontendViews: permissionProcedure
    .input(ZViewNameInput)
    .output(z.array(ZFrontendView))
    .query(({ ctx, input }) => service.getFrontendViews({ scope: ctx.scope, input })),
  /** Creates or replaces (owner only) a saved view -> FrontendView. */
  upsertFrontendView: permissionProcedure
    .input(ZUpsertFrontendViewInput)
    .output(ZFrontendView)
    .mutation(({ ctx, input }) => service.upsertFrontendView({ scope: ctx.scope, input })),
  /** Deletes a saved view the caller owns {id} -> {ok}. */
  deleteFrontendView: permissionProcedure
    .input(z.object({ id: ZId }))
    .output(ZOkOutput)
    .mutation(({ ctx, input }) => service.deleteFrontendView({ scope: ctx.scope, input })),
  /** The caller's last saved view and page size for a table {view} -> FrontendViewUserPreference. */
  getFrontendViewUserPreferences: permissionProcedure
    .input(ZViewNameInput)
    .output(ZFrontendViewUserPreference)
    .query(({ ctx, input }) => service.getFrontendViewUserPreferences({ scope: ctx.scope, input })),
  /** Remembers the caller's last saved view and page size for a table -> FrontendViewUserPreference. */
  upsertFrontendViewUserPreference: permissionProcedure
    .input(ZUpsertFrontendViewUserPreferenceInput)
    .output(ZFrontendViewUserPreference)
    .mutation(({ ctx, input }) => service.upsertFrontendViewUserPreference({ scope: ctx.scope, input })),
});
