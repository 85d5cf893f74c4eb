import {
  ZFileExportIdInput,
  ZFileExportOutput,
  ZFileExportTypeNameInput,
  ZFileExportTypeOutput,
  ZQueueFileExportInput,
  ZUpdateFileExportTypeInput,
} from '@hearth/shared/file-exports/file-exports.schema';
import { ZDownloadUrlOutput } from '@hearth/shared/file-imports/file-imports.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as service from './file-exports.service';
import * as types from './file-exports.types';
import { dispatchFileExportJob } from './file-exports.job';

/**
 * The file export procedures (spec "File exports"; issue: imports and exports, item 4), each guarded by its action
 * name. getFileExportType and updateFileExportType are system level (only the Developer role holds them).
 */
export const fileExportsRouter = router({
  /** {type, params} -> FileExportOutput (status queued); the file-export job runs once the request commits. */
  queueFileExport: permissionProcedure
    .input(ZQueueFileExportInput)
    .output(ZFileExportOutput)
    .mutation(async ({ ctx, input }) => {
      const queued = await service.queueFileExport({ scope: ctx.scope, input });
      dispatchFileExportJob({ db: ctx.db, jobs: ctx.jobs }, queued.id);
      return queued;
    }),
  /** {id} -> FileExportOutput; 404 when out of scope. */
  getFileExport: permissionProcedure
    .input(ZFileExportIdInput)
    .output(ZFileExportOutput)
    .query(({ ctx, input }) => service.getFileExport({ scope: ctx.scope, input })),
  /** {id} -> {downloadUrl, expiresAt}; 409 not ready or failed, 404 expired. */
  getFileExportDownloadLink: permissionProcedure
    .input(ZFileExportIdInput)
    .output(ZDownloadUrlOutput)
    .query(({ ctx, input }) => service.getFileExportDownloadLink({ scope: ctx.scope, storage: ctx.storage, input })),
  /** -> FileExportTypeOutput[] with the parameters each kind asks for. */
  getFileExportTypes: permissionProcedure
    .output(ZFileExportTypeOutput.array())
    .query(({ ctx }) => types.getFileExportTypes({ scope: ctx.scope })),
  /** {name} -> FileExportTypeOutput (system level). */
  getFileExportType: permissionProcedure
    .input(ZFileExportTypeNameInput)
    .output(ZFileExportTypeOutput)
    .query(({ ctx, input }) => types.getFileExportType({ scope: ctx.scope, input })),
  /** {name, label?, description?, retentionHours?, settings?} -> FileExportTypeOutput (system level). */
  updateFileExportType: permissionProcedure
    .input(ZUpdateFileExportTypeInput)
    .output(ZFileExportTypeOutput)
    .mutation(({ ctx, input }) => types.updateFileExportType({ scope: ctx.scope, input })),
});
