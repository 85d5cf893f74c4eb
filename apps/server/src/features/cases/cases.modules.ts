import { and, desc, eq } from 'drizzle-orm';
import type { Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { careForms, careFormTypes } from '../care-forms/care-forms.schema';
import { caseTypeModules } from './cases.schema';
import { findCase } from './cases.read';

/**
 * Starts a module of a case (cases.startModule) {id, caseTypeModuleId} -> {careFormId}: a care form of the case's
 * client, of the latest active version of the module's care form type lineage, about the case's visit, assigned to
 * the caller, with case_id and case_type_module_id set, so the case lists it and completing it counts for the
 * case. A module already started answers its form (one form per module). The form is then filled through
 * careForms.* like any other.
 * @throws AppError NOT_FOUND "Case N not found", "Case module N not found" (not a module of the case's type);
 * CONFLICT "This module's care form type has no active version".
 */
export async function startModule({ scope, input }: { scope: Scope; input: { id: number; caseTypeModuleId: number } }) {
  const c = await findCase(scope, input.id, { lock: true });
  const [module] = await scope.db
    .select()
    .from(caseTypeModules)
    .where(and(eq(caseTypeModules.id, input.caseTypeModuleId), eq(caseTypeModules.caseTypeId, c.caseTypeId)));
  if (!module) throw notFound('Case module', input.caseTypeModuleId);
  const [existing] = await scope.db
    .select({ id: careForms.id })
    .from(careForms)
    .where(and(eq(careForms.caseId, c.id), eq(careForms.caseTypeModuleId, module.id)));
  if (existing) return { careFormId: existing.id };
  const [type] = await scope.db
    .select({ id: careFormTypes.id, frozen: careFormTypes.frozen })
    .from(careFormTypes)
    .where(
      and(
        eq(careFormTypes.lineageId, module.careFormTypeLineageId),
        eq(careFormTypes.companyId, c.companyId),
        eq(careFormTypes.status, 'active'),
      ),
    )
    .orderBy(desc(careFormTypes.version))
    .limit(1);
  if (!type) throw new AppError('CONFLICT', "This module's care form type has no active version");
  const [form] = await scope.db
    .insert(careForms)
    .values({
      clientId: c.clientId,
      typeId: type.id,
      shiftId: c.shiftId,
      assigneeUserId: scope.userId,
      caseId: c.id,
      caseTypeModuleId: module.id,
      createdByUserId: scope.userId,
    })
    .returning({ id: careForms.id });
  // A form uses the version: it never changes after (care-form-types.service.ts).
  if (!type.frozen) await scope.db.update(careFormTypes).set({ frozen: true }).where(eq(careFormTypes.id, type.id));
  return { careFormId: form!.id };
}
