import { z } from 'zod';
import { ZOkOutput } from '@hearth/shared/app/outputs.schema';
import {
  ZCaregiverFile,
  ZClientFile,
  ZCreateCaregiverFileInput,
  ZCreatedCaregiverFile,
  ZCreatedClientFile,
  ZFileDownloadLink,
  ZCreateClientFileInput,
  ZFileDownloadLinkInput,
  ZFileIdInput,
  ZGetCaregiverFilesInput,
  ZGetClientFilesInput,
  ZUpdateFileInput,
} from '@hearth/shared/files/files.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as service from './files.service';

/**
 * Files on client and caregiver records (spec sections 4 and 7; the upload flow is described in files.service.ts).
 * Every procedure is guarded by its name; the owner is looked up in the caller's branch scope (404 outside it).
 * Outputs are declared, so a file leaves as a whitelist of fields (no storage key).
 */
export const filesRouter = router({
  /** {clientId} -> [{id, clientId, filename, size (bytes), contentType, createdAt, uploadedByName}], uploaded only. */
  getClientFiles: permissionProcedure
    .input(ZGetClientFilesInput)
    .output(z.array(ZClientFile))
    .query(({ ctx, input }) => service.getClientFiles({ scope: ctx.scope, storage: ctx.storage, input })),
  /**
   * {clientId, filename, size (bytes), contentType} -> the pending record plus {url, uploadUrlExpiresAt}; then PUT
   * the bytes to url with Content-Length and Content-Type. 400 "No file provided", size limit, content type.
   */
  createClientFile: permissionProcedure
    .input(ZCreateClientFileInput)
    .output(ZCreatedClientFile)
    .mutation(({ ctx, input }) => service.createClientFile({ scope: ctx.scope, storage: ctx.storage, input })),
  /** {id, filename} -> the renamed record. */
  updateClientFile: permissionProcedure
    .input(ZUpdateFileInput)
    .output(ZClientFile)
    .mutation(({ ctx, input }) => service.updateClientFile({ scope: ctx.scope, input })),
  /** {id} -> {ok: true}; removes the record (pending or uploaded) and its bytes. */
  deleteClientFile: permissionProcedure
    .input(ZFileIdInput)
    .output(ZOkOutput)
    .mutation(({ ctx, input }) => service.deleteClientFile({ scope: ctx.scope, storage: ctx.storage, input })),
  /** {id, inline} -> {url, filename, contentType, expiresAt}: a signed link, inline for previews. */
  getClientFileDownloadLink: permissionProcedure
    .input(ZFileDownloadLinkInput)
    .output(ZFileDownloadLink)
    .query(({ ctx, input }) => service.getClientFileDownloadLink({ scope: ctx.scope, storage: ctx.storage, input })),

  /** {caregiverId} -> [{id, caregiverId, filename, size (bytes), contentType, createdAt, uploadedByName}]. */
  getCaregiverFiles: permissionProcedure
    .input(ZGetCaregiverFilesInput)
    .output(z.array(ZCaregiverFile))
    .query(({ ctx, input }) => service.getCaregiverFiles({ scope: ctx.scope, storage: ctx.storage, input })),
  /** {caregiverId, filename, size (bytes), contentType} -> the pending record plus {url, uploadUrlExpiresAt}. */
  createCaregiverFile: permissionProcedure
    .input(ZCreateCaregiverFileInput)
    .output(ZCreatedCaregiverFile)
    .mutation(({ ctx, input }) => service.createCaregiverFile({ scope: ctx.scope, storage: ctx.storage, input })),
  /** {id, filename} -> the renamed record. */
  updateCaregiverFile: permissionProcedure
    .input(ZUpdateFileInput)
    .output(ZCaregiverFile)
    .mutation(({ ctx, input }) => service.updateCaregiverFile({ scope: ctx.scope, input })),
  /** {id} -> {ok: true}; removes the record and its bytes. */
  deleteCaregiverFile: permissionProcedure
    .input(ZFileIdInput)
    .output(ZOkOutput)
    .mutation(({ ctx, input }) => service.deleteCaregiverFile({ scope: ctx.scope, storage: ctx.storage, input })),
  /** {id, inline} -> {url, filename, contentType, expiresAt}. */
  getCaregiverFileDownloadLink: permissionProcedure
    .input(ZFileDownloadLinkInput)
    .output(ZFileDownloadLink)
    .query(({ ctx, input }) => service.getCaregiverFileDownloadLink({ scope: ctx.scope, storage: ctx.storage, input })),
});
