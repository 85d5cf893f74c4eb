import { z } from 'zod';
import { ZId } from '@hearth/shared/app/input-rules';
import {
  ZQueryOptionsViewInput,
  ZQueryViewInput,
  ZUpsertFrontendViewInput,
  ZUpsertFrontendViewUserPreferenceInput,
  ZViewNameInput,
} from '@hearth/shared/views/views.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as service from './views.service';

export const viewsRouter = router({
  /** A backend view's metadata {view} -> {name, label, columns, searchable, defaultSort, rowLink}. */
  getBackendView: permissionProcedure
    .input(ZViewNameInput)
    .query(({ ctx, input }) => service.getBackendView({ scope: ctx.scope, input })),
  /** A page of a view -> {rows, totalCount, page, pageSize, totalPages}. */
  queryView: permissionProcedure.input(ZQueryViewInput).query(({ ctx, input }) => service.queryView({ scope: ctx.scope, input })),
  /** Up to 20 {value, label} options matching non-empty text. */
  queryOptionsView: permissionProcedure
    .input(ZQueryOptionsViewInput)
    .query(({ ctx, input }) => service.queryOptionsView({ scope: ctx.scope, input })),
  /** Saved views of a backend view the caller may see. */
  getFrontendViews: permissionProcedure
    .input(ZViewNameInput)
    .query(({ ctx, input }) => service.getFrontendViews({ scope: ctx.scope, input })),
  /** Creates or replaces (owner only) a saved view. */
  upsertFrontendView: permissionProcedure
    .input(ZUpsertFrontendViewInput)
    .mutation(({ ctx, input }) => service.upsertFrontendView({ scope: ctx.scope, input })),
  /** Deletes a saved view the caller owns {id}. */
  deleteFrontendView: permissionProcedure
    .input(z.object({ id: ZId }))
    .mutation(({ ctx, input }) => service.deleteFrontendView({ scope: ctx.scope, input })),
  /** The caller's last saved view and page size for a table {view}. */
  getFrontendViewUserPreferences: permissionProcedure
    .input(ZViewNameInput)
    .query(({ ctx, input }) => service.getFrontendViewUserPreferences({ scope: ctx.scope, input })),
  /** Remembers the caller's last saved view and page size for a table. */
  upsertFrontendViewUserPreference: permissionProcedure
    .input(ZUpsertFrontendViewUserPreferenceInput)
    .mutation(({ ctx, input }) => service.upsertFrontendViewUserPreference({ scope: ctx.scope, input })),
});
