import { z } from 'zod';
import {
  ZDownloadUrlOutput,
  ZFileImportIdInput,
  ZFileImportOutput,
  ZFileImportTypeNameInput,
  ZFileImportTypeOutput,
  ZQueueFileImportInput,
  ZQueueFileImportOutput,
  ZUpdateFileImportTypeInput,
} from '@hearth/shared/file-imports/file-imports.schema';
import { permissionProcedure, router } from '../../trpc/init';
import { isActionAllowed } from '../roles/roles.permissions';
import * as service from './file-imports.service';
import * as types from './file-imports-types.service';

/**
 * File imports (spec "File imports" calls; the flow is described in file-imports.service.ts). Every procedure is
 * guarded by its name; lists of imports and their rows are the views fileImports and fileImportRows.
 */
export const fileImportsRouter = router({
  /**
   * {type, fileName, fileSizeBytes, contentType, branchId?} -> {id, uploadUrl, uploadUrlExpiresAt}; then PUT the
   * bytes to uploadUrl. 400 for a file that is not CSV/XLSX, empty or too large, an unknown type, "Choose the
   * branch to import into"; 403 when the role may not create and update what the type imports; 404 for a branch
   * outside the scope.
   */
  queueFileImport: permissionProcedure
    .input(ZQueueFileImportInput)
    .output(ZQueueFileImportOutput)
    .mutation(({ ctx, input }) =>
      service.queueFileImport({
        scope: ctx.scope,
        storage: ctx.storage,
        mayUse: (action) => isActionAllowed(ctx.caller.role, action),
        input,
      }),
    ),
  /** {id} -> the import with its status, progress (rows done / total) and counts; 404 outside the scope. */
  getFileImport: permissionProcedure
    .input(ZFileImportIdInput)
    .output(ZFileImportOutput)
    .query(({ ctx, input }) =>
      service.getFileImport({ scope: ctx.scope, rootDb: ctx.db, storage: ctx.storage, jobs: ctx.jobs, input }),
    ),
  /** -> every import type with its fields and transforms (the upload dialog's picker). */
  getFileImportTypes: permissionProcedure
    .output(z.array(ZFileImportTypeOutput))
    .query(({ ctx }) => types.getFileImportTypes({ scope: ctx.scope })),
  /** {name} -> the type (system level); 404 for an unknown one. */
  getFileImportType: permissionProcedure
    .input(ZFileImportTypeNameInput)
    .output(ZFileImportTypeOutput)
    .query(({ ctx, input }) => types.getFileImportType({ scope: ctx.scope, input })),
  /** {name, label?, description?, mapping?, defaults?} -> the type (system level); 400 naming a bad field or transform. */
  updateFileImportType: permissionProcedure
    .input(ZUpdateFileImportTypeInput)
    .output(ZFileImportTypeOutput)
    .mutation(({ ctx, input }) => types.updateFileImportType({ scope: ctx.scope, input })),
  /** {id} -> {downloadUrl, expiresAt}: the original file; 409 before its upload arrived. */
  getFileImportDownloadLink: permissionProcedure
    .input(ZFileImportIdInput)
    .output(ZDownloadUrlOutput)
    .query(({ ctx, input }) => service.getFileImportDownloadLink({ scope: ctx.scope, storage: ctx.storage, input })),
  /** {name} -> {downloadUrl, expiresAt}: a CSV with the type's mapped headers. */
  getFileImportTemplateDownloadLink: permissionProcedure
    .input(ZFileImportTypeNameInput)
    .output(ZDownloadUrlOutput)
    .query(({ ctx, input }) => types.getFileImportTemplateDownloadLink({ scope: ctx.scope, storage: ctx.storage, input })),
});
