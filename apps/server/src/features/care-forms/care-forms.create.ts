import { and, eq } from 'drizzle-orm';
import type { CareFormDetail, CreateCareFormInput } from '@hearth/shared/care-forms/care-forms.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { findClient } from '../clients/clients.lookup';
import { findCallerCaregiver } from '../caregiver-app/caregiver-app.lookup';
import { withReceipt } from '../visits/visits.receipts';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';
import { findType, type CareFormTypeRow } from './care-form-types.lookup';
import { careForms, careFormTypes } from './care-forms.schema';
import { assertResponseSize } from './care-forms.answers';
import { formDetail } from './care-forms.read';

/** Who a new form is for and about, once the caller's right to start it is checked. */
interface NewFormTarget {
  clientId: number;
  shiftId: number | null;
  assigneeUserId: number | null;
}

/**
 * A caregiver's (a caller of no branch scope) own start of a form (issue 23 item 3): only from a visit of their
 * own, for that visit's client, of a type the office lets caregivers start; the form is theirs to fill.
 * @throws AppError FORBIDDEN "This form type is started by the office", "Start a form from one of your visits",
 * "You can only assign a form you start to yourself", "Only caregivers use the caregiver app"; NOT_FOUND
 * "Shift N not found" for a visit that is not theirs or not the client's.
 */
async function caregiverTarget(scope: Scope, type: CareFormTypeRow, input: CreateCareFormInput): Promise<NewFormTarget> {
  if (!type.caregiverMayStart) throw new AppError('FORBIDDEN', 'This form type is started by the office');
  if (!input.shiftId) throw new AppError('FORBIDDEN', 'Start a form from one of your visits');
  if (input.assigneeUserId && input.assigneeUserId !== scope.userId) {
    throw new AppError('FORBIDDEN', 'You can only assign a form you start to yourself');
  }
  const caregiver = await findCallerCaregiver(scope);
  const [shift] = await scope.db
    .select({ id: shifts.id, clientId: shifts.clientId })
    .from(shifts)
    .where(and(eq(shifts.id, input.shiftId), eq(shifts.caregiverId, caregiver.id), eq(shifts.clientId, input.clientId)));
  if (!shift) throw notFound('Shift', input.shiftId);
  return { clientId: shift.clientId, shiftId: shift.id, assigneeUserId: scope.userId };
}

/**
 * Staff's start of a form: the client in branch scope, of the type's company; the visit (if any) the client's and
 * in scope; the assignee (if any) an active user of the client's company.
 * @throws AppError NOT_FOUND "Client N not found", "Care form type N not found" (another company's), "Shift N not
 * found", "User N not found".
 */
async function staffTarget(scope: Scope, type: CareFormTypeRow, input: CreateCareFormInput): Promise<NewFormTarget> {
  const client = await findClient(scope, input.clientId);
  if (client.companyId !== type.companyId) throw notFound('Care form type', type.id);
  if (input.shiftId) {
    const [shift] = await scope.db
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(eq(shifts.id, input.shiftId), eq(shifts.clientId, client.id), inBranchScope(scope, shifts.branchId)));
    if (!shift) throw notFound('Shift', input.shiftId);
  }
  if (input.assigneeUserId) {
    const [user] = await scope.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.assigneeUserId), eq(users.companyId, client.companyId), eq(users.isActive, true)));
    if (!user) throw notFound('User', input.assigneeUserId);
  }
  return { clientId: client.id, shiftId: input.shiftId ?? null, assigneeUserId: input.assigneeUserId ?? null };
}

/** Inserts the form and freezes the type version it uses. @returns the new form's id. */
async function insertForm(scope: Scope, type: CareFormTypeRow, target: NewFormTarget, input: CreateCareFormInput) {
  const items = input.items ?? [];
  assertResponseSize(items);
  const [row] = await scope.db
    .insert(careForms)
    .values({ ...target, typeId: type.id, items, createdByUserId: scope.userId })
    .returning({ id: careForms.id });
  if (!type.frozen) await scope.db.update(careFormTypes).set({ frozen: true }).where(eq(careFormTypes.id, type.id));
  return row!.id;
}

/**
 * Starts a care form (spec careForms.create; issue 23 item 2) {clientId, typeId, shiftId?, assigneeUserId?, items?,
 * clientRecordId?} -> CareFormDetail, in progress, version 1. The type must be active and of the client's company;
 * the version it uses becomes frozen. Staff start forms for clients in their branch scope; a caregiver only from
 * their own visit and a type with caregiverMayStart (caregiverTarget). With a clientRecordId (the phone's offline
 * start) the form is created once: a replay answers the same form (withReceipt, visits.receipts.ts).
 * @throws AppError NOT_FOUND for a type, client, visit or user out of reach; CONFLICT "This form type is not active:
 * activate it before starting forms"; FORBIDDEN for a caregiver's start the rules above refuse; BAD_REQUEST for
 * answers larger than CARE_FORM_RESPONSE_MAX_CHARS; CONFLICT "This record id was already used".
 */
export async function createForm({ scope, input }: { scope: Scope; input: CreateCareFormInput }): Promise<CareFormDetail> {
  const start = async () => {
    const type = await findType(scope, input.typeId);
    if (type.status !== 'active') {
      throw new AppError('CONFLICT', 'This form type is not active: activate it before starting forms');
    }
    const target = scope.level === 'none' ? await caregiverTarget(scope, type, input) : await staffTarget(scope, type, input);
    return { id: await insertForm(scope, type, target, input) };
  };
  const { id } = input.clientRecordId ? await withReceipt(scope, input.clientRecordId, 'careForms.create', start) : await start();
  return formDetail(scope, id);
}
