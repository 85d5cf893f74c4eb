import { ZGetOutboxInput, ZGetOutboxOutput } from '@hearth/shared/notify/notify.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as service from './notify.outbox';

/** The outbox procedure; its output is declared, so a message leaves as a whitelist with its tokens hidden. */
export const notifyRouter = router({
  /** A page of the outbox for /mocks {page, pageSize}, newest first -> {rows, totalCount, page, pageSize, totalPages}. */
  getOutbox: permissionProcedure
    .input(ZGetOutboxInput)
    .output(ZGetOutboxOutput)
    .query(({ ctx, input }) => service.getOutbox({ scope: ctx.scope, input })),
});
