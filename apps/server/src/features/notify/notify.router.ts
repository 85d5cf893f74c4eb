import { ZGetOutboxInput } from '@hearth/shared/notify/notify.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as service from './notify.service';

export const notifyRouter = router({
  /** A page of the outbox for /mocks {page, pageSize}, newest first -> {rows, totalCount, page, pageSize, totalPages}. */
  getOutbox: permissionProcedure.input(ZGetOutboxInput).query(({ ctx, input }) => service.getOutbox({ scope: ctx.scope, input })),
});
