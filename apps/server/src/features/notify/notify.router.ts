import { ZGetOutboxInput, ZGetOutboxOutput } from '@hearth/shared/notify/notify.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as service from './notify.outbox';

/** The outbox procedure; its output is declared, so a message leaves as a whitelist with its secrets hidden. */
export const notifyRouter = router({
  /**
   * A page of the outbox for /mocks {page, pageSize}, newest first -> {rows, totalCount, page, pageSize, totalPages},
   * each with its delivery state and failure reason (in the caller's language where Hearth words it).
   */
  getOutbox: permissionProcedure
    .input(ZGetOutboxInput)
    .output(ZGetOutboxOutput)
    .query(({ ctx, input }) => service.getOutbox({ scope: ctx.scope, input, language: ctx.language })),
});
