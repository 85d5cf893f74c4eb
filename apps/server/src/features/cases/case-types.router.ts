import { z } from 'zod';
import { ZIdInput } from '@hearth/shared/records/records.fields';
import {
  ZCaseAdmin,
  ZCaseType,
  ZCreateCaseTypeInput,
  ZListCaseAdminsInput,
  ZSetCaseAdminsInput,
  ZSetCaseModulesInput,
  ZUpdateCaseTypeInput,
} from '@hearth/shared/cases/cases.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as types from './case-types.service';
import { listCaseAdmins, setCaseAdmins } from './case-admins.service';

/**
 * Case types under `caseTypes.*` (issue 24 item 1; /admin/cases): the company's types with deadlines, default
 * priority and modules. Another company's type is 404.
 */
export const caseTypesRouter = router({
  /** The company's types by name, with modules -> CaseType[]. */
  list: permissionProcedure.output(z.array(ZCaseType)).query(({ ctx }) => types.listCaseTypes({ scope: ctx.scope })),
  /** One type {id} -> CaseType. */
  detail: permissionProcedure
    .input(ZIdInput)
    .output(ZCaseType)
    .query(({ ctx, input }) => types.getCaseType({ scope: ctx.scope, input })),
  /** A new type {name, description, defaultPriority, reportableByCaregivers, deadlines in hours} -> CaseType. */
  create: permissionProcedure
    .input(ZCreateCaseTypeInput)
    .output(ZCaseType)
    .mutation(({ ctx, input }) => types.createCaseType({ scope: ctx.scope, input })),
  /** Changes a type's fields or status {id, ...} -> CaseType. */
  update: permissionProcedure
    .input(ZUpdateCaseTypeInput)
    .output(ZCaseType)
    .mutation(({ ctx, input }) => types.updateCaseType({ scope: ctx.scope, input })),
  /** Replaces a type's modules in order {id, modules: [{careFormTypeLineageId, required}]} -> CaseType. */
  setModules: permissionProcedure
    .input(ZSetCaseModulesInput)
    .output(ZCaseType)
    .mutation(({ ctx, input }) => types.setCaseModules({ scope: ctx.scope, input })),
});

/**
 * Case admins under `caseAdmins.*` (issue 24 item 1): per type and branch, who is assigned new cases (assignNew, in
 * order) and who is told (notify). Branches out of the caller's scope are 404.
 */
export const caseAdminsRouter = router({
  /** The case admins {caseTypeId?, branchId?} -> CaseAdmin[]. */
  list: permissionProcedure
    .input(ZListCaseAdminsInput)
    .output(z.array(ZCaseAdmin))
    .query(({ ctx, input }) => listCaseAdmins({ scope: ctx.scope, input })),
  /** Replaces a type's admins in a branch {caseTypeId, branchId, admins} -> CaseAdmin[]. */
  set: permissionProcedure
    .input(ZSetCaseAdminsInput)
    .output(z.array(ZCaseAdmin))
    .mutation(({ ctx, input }) => setCaseAdmins({ scope: ctx.scope, input })),
});
