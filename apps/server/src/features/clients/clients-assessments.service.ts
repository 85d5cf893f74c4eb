import { desc, eq, type SQL } from 'drizzle-orm';
import {
  nurseAssessmentRuleErrors,
  type CreateNurseAssessmentInput,
  type NurseAssessmentOutput,
  type UpdateNurseAssessmentInput,
} from '@hearth/shared/clients/clients.schema';
import type { Scope } from '../../auth/scope';
import { nurseAssessments } from './clients.schema';
import { assertNoFieldErrors, findClient, findRecordClient, textOrNull } from './clients.lookup';
import {
  ownedTable,
  type ScopedInput,
  insertReturningId,
  selectWithUserName,
  withIsoTimestamps,
  firstOrNotFound,
} from '../records/records.owner';

const ASSESSMENT = ownedTable(nurseAssessments, nurseAssessments.clientId, 'Nurse assessment');

/** Assessments with their nurses' names, by a condition, latest assessment first. */
async function selectAssessments(scope: Scope, where: SQL): Promise<NurseAssessmentOutput[]> {
  const t = nurseAssessments;
  const rows = await selectWithUserName(scope, t, t.nurseUserId, where, [desc(t.assessedOn), desc(t.id)]);
  return rows.map(({ row, userName }) => withIsoTimestamps({ ...row, nurseName: userName }));
}

async function oneAssessment(scope: Scope, id: number): Promise<NurseAssessmentOutput> {
  return firstOrNotFound(await selectAssessments(scope, eq(nurseAssessments.id, id)), 'Nurse assessment', id);
}

/**
 * A client's nurse assessments {clientId} (spec: getNurseAssessments), latest first, with the nurse's name.
 * @throws AppError NOT_FOUND "Client N not found" outside the scope.
 */
export async function getNurseAssessments({ scope, input }: ScopedInput<{ clientId: number }>) {
  const client = await findClient(scope, input.clientId);
  return selectAssessments(scope, eq(nurseAssessments.clientId, client.id));
}

/**
 * Records a nurse assessment of a client in scope {clientId, assessmentType (initial, supervisory,
 * reassessment, discharge), assessedOn, nextDueOn?, findings, carePlanChanges?}; the nurse is the caller.
 * @throws AppError NOT_FOUND "Client N not found" outside the scope.
 */
export async function createNurseAssessment({ scope, input }: ScopedInput<CreateNurseAssessmentInput>) {
  const client = await findClient(scope, input.clientId);
  const id = await insertReturningId(scope, nurseAssessments, 'nurse assessment', {
    clientId: client.id,
    assessmentType: input.assessmentType,
    assessedOn: input.assessedOn,
    nextDueOn: input.nextDueOn || null,
    nurseUserId: scope.userId,
    findings: input.findings,
    carePlanChanges: textOrNull(input.carePlanChanges),
  });
  return oneAssessment(scope, id);
}

/**
 * Edits a nurse assessment {id, ...fields to change}; the next due date, if any, must follow the assessment
 * date of the result. Assessments are clinical records: there is no delete.
 * @throws AppError NOT_FOUND "Nurse assessment N not found" when it does not exist or its client is outside the
 * scope; BAD_REQUEST (nextDueOn) when the dates are out of order.
 */
export async function updateNurseAssessment({ scope, input }: ScopedInput<UpdateNurseAssessmentInput>) {
  await findRecordClient(scope, ASSESSMENT, input.id);
  const current = await oneAssessment(scope, input.id);
  const nextDueOn = input.nextDueOn === undefined ? undefined : input.nextDueOn || null;
  assertNoFieldErrors(
    nurseAssessmentRuleErrors({
      assessedOn: input.assessedOn ?? current.assessedOn,
      nextDueOn: nextDueOn === undefined ? current.nextDueOn : nextDueOn,
    }),
  );
  await scope.db
    .update(nurseAssessments)
    .set({
      assessmentType: input.assessmentType,
      assessedOn: input.assessedOn,
      nextDueOn,
      findings: input.findings,
      carePlanChanges: textOrNull(input.carePlanChanges),
      updatedAt: new Date(),
    })
    .where(eq(nurseAssessments.id, input.id));
  return oneAssessment(scope, input.id);
}
