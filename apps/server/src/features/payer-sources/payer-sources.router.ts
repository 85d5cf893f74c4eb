import { z } from 'zod';
import {
  ZCreatePayerSourceInput,
  ZGetPayerSourceInput,
  ZGetPayerSourcesInput,
  ZPayerSourceDetail,
  ZPayerSourceListRow,
  ZUpdatePayerSourceInput,
} from '@hearth/shared/payer-sources/payer-sources.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as service from './payer-sources.service';

/**
 * The payer source procedures (issue 4 item 3; getPayerSource in spec section 7), each guarded by its action name.
 * Payer sources are company-level: a caller sees their company's (system level: all); another company's is 404.
 * Outputs are declared.
 */
export const payerSourcesRouter = router({
  /** {activeOnly?} (optional) -> PayerSourceListRow[] by name, with serviceCount. */
  getPayerSources: permissionProcedure
    .input(ZGetPayerSourcesInput)
    .output(z.array(ZPayerSourceListRow))
    .query(({ ctx, input }) => service.getPayerSources({ scope: ctx.scope, input })),
  /** {id} -> PayerSourceDetail with services (bill rate cents per unit, unit minutes, rounding rule). */
  getPayerSource: permissionProcedure
    .input(ZGetPayerSourceInput)
    .output(ZPayerSourceDetail)
    .query(({ ctx, input }) => service.getPayerSource({ scope: ctx.scope, input })),
  /** The payer source form (+ companyId for system level) -> PayerSourceDetail. */
  createPayerSource: permissionProcedure
    .input(ZCreatePayerSourceInput)
    .output(ZPayerSourceDetail)
    .mutation(({ ctx, input }) => service.createPayerSource({ scope: ctx.scope, input })),
  /** {id, ...fields to change, services? (replaces the whole set)} -> PayerSourceDetail. */
  updatePayerSource: permissionProcedure
    .input(ZUpdatePayerSourceInput)
    .output(ZPayerSourceDetail)
    .mutation(({ ctx, input }) => service.updatePayerSource({ scope: ctx.scope, input })),
});
