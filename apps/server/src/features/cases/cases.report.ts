import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CaseDetail, ReportCaseInput } from '@hearth/shared/cases/cases.schema';
import { CASE_PHOTO_MAX_BYTES } from '@hearth/shared/cases/cases.constants';
import { caseDueDates } from '@hearth/shared/cases/case-deadlines';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import type { Storage } from '../../storage/storage';
import { findClient } from '../clients/clients.lookup';
import { findCallerCaregiver } from '../caregiver-app/caregiver-app.lookup';
import { withReceipt } from '../visits/visits.receipts';
import { caregivers } from '../caregivers/caregivers.schema';
import { shifts } from '../shifts/shifts.schema';
import { caseAttachments, caseCaregivers, cases, caseTypes } from './cases.schema';
import { caseDetail } from './cases.read';
import { routeNewCase } from './cases.routing';

/** What a report needs once checked: the request's clock and storage. */
interface ReportContext {
  scope: Scope;
  storage: Storage;
  now: Date;
}

/**
 * The case type `id` of the caller's company, active.
 * @throws AppError NOT_FOUND "Case type N not found"; CONFLICT "This case type is retired: it takes no new cases".
 */
export async function findActiveCaseType(scope: Scope, id: number) {
  const [type] = await scope.db
    .select()
    .from(caseTypes)
    .where(and(eq(caseTypes.id, id), scope.companyId === null ? sql`true` : eq(caseTypes.companyId, scope.companyId)));
  if (!type) throw notFound('Case type', id);
  if (type.status !== 'active') throw new AppError('CONFLICT', 'This case type is retired: it takes no new cases');
  return type;
}

/**
 * A caregiver's report (issue 24 item 3): only a type caregivers report, from one of their own visits, for that
 * visit's client; no draft. The caregiver is named as involved.
 * @throws AppError FORBIDDEN "This case type is reported by the office", "Report from one of your visits", "Only
 * the office saves a case as a draft"; NOT_FOUND "Shift N not found" for a visit not theirs or not the client's.
 */
async function caregiverReport(scope: Scope, reportable: boolean, input: ReportCaseInput) {
  if (!reportable) throw new AppError('FORBIDDEN', 'This case type is reported by the office');
  if (input.draft) throw new AppError('FORBIDDEN', 'Only the office saves a case as a draft');
  if (!input.shiftId) throw new AppError('FORBIDDEN', 'Report from one of your visits');
  const caregiver = await findCallerCaregiver(scope);
  const [shift] = await scope.db
    .select({ id: shifts.id, clientId: shifts.clientId, branchId: shifts.branchId })
    .from(shifts)
    .where(and(eq(shifts.id, input.shiftId), eq(shifts.caregiverId, caregiver.id), eq(shifts.clientId, input.clientId)));
  if (!shift || shift.clientId === null) throw notFound('Shift', input.shiftId);
  const client = await findClient({ ...scope, level: 'company' }, shift.clientId);
  return { clientId: client.id, branchId: client.branchId, shiftId: shift.id, caregiverIds: [caregiver.id] };
}

/**
 * Staff's report: the client in branch scope, the visit (if any) the client's and in scope, the caregivers (if any)
 * of the client's company.
 * @throws AppError NOT_FOUND "Client N not found", "Shift N not found", "Caregiver N not found".
 */
async function staffReport(scope: Scope, companyId: number, input: ReportCaseInput) {
  const client = await findClient(scope, input.clientId);
  if (client.companyId !== companyId) throw notFound('Client', input.clientId);
  if (input.shiftId) {
    const [shift] = await scope.db
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(eq(shifts.id, input.shiftId), eq(shifts.clientId, client.id), inBranchScope(scope, shifts.branchId)));
    if (!shift) throw notFound('Shift', input.shiftId);
  }
  const caregiverIds = await checkCaregivers(scope, companyId, input.caregiverIds ?? []);
  return { clientId: client.id, branchId: client.branchId, shiftId: input.shiftId ?? null, caregiverIds };
}

/**
 * The caregiver ids, each a caregiver of a branch of company `companyId`, without repeats.
 * @throws AppError NOT_FOUND "Caregiver N not found" for the first one that is not.
 */
export async function checkCaregivers(scope: Scope, companyId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await scope.db
    .select({ id: caregivers.id })
    .from(caregivers)
    .where(
      and(
        inArray(caregivers.id, unique),
        sql`${caregivers.branchId} in (select id from branches where company_id = ${companyId})`,
      ),
    );
  const missing = unique.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) throw notFound('Caregiver', missing);
  return unique;
}

/**
 * Stores the report's inline photos through the storage driver under cases/<caseId>/<uuid> as uploaded attachments.
 * @throws AppError BAD_REQUEST "Each photo is at most 1.5 MB" (CASE_PHOTO_MAX_BYTES decoded).
 */
async function storePhotos(ctx: ReportContext, caseId: number, photos: NonNullable<ReportCaseInput['photos']>) {
  const decoded = photos.map((p) => ({ photo: p, bytes: Buffer.from(p.data, 'base64') }));
  if (decoded.some((d) => d.bytes.length > CASE_PHOTO_MAX_BYTES)) {
    throw new AppError('BAD_REQUEST', 'Each photo is at most 1.5 MB');
  }
  for (const [index, { photo, bytes }] of decoded.entries()) {
    const storageKey = `cases/${caseId}/${crypto.randomUUID()}`;
    await ctx.storage.write(storageKey, bytes, photo.contentType);
    const extension = photo.contentType === 'image/png' ? 'png' : 'jpg';
    await ctx.scope.db.insert(caseAttachments).values({
      caseId,
      uploadedByUserId: ctx.scope.userId,
      storageKey,
      filename: photo.title?.trim() || `photo-${index + 1}.${extension}`,
      size: bytes.length,
      contentType: photo.contentType,
      status: 'uploaded',
    });
  }
}

/** The next case number of company `companyId` (its cases counted 1, 2, 3), under a lock of the company's numbering. */
async function nextNumber(scope: Scope, companyId: number): Promise<number> {
  await scope.db.execute(sql`select pg_advisory_xact_lock(24, ${companyId})`);
  const [row] = await scope.db
    .select({ max: sql<number>`coalesce(max(${cases.number}), 0)::int` })
    .from(cases)
    .where(eq(cases.companyId, companyId));
  return (row?.max ?? 0) + 1;
}

/**
 * Reports a case (cases.report; issue 24 items 2 and 3) {caseTypeId, clientId, shiftId?, caregiverIds?, title,
 * description, occurredAt, priority?, photos?, draft?, clientRecordId?} -> CaseDetail. Status `requested` (or
 * `draft` from the office), numbered next in the company, the type's default priority unless given, due dates from
 * the type's deadlines in hours after now (caseDueDates). A requested case is routed at once (routeNewCase: the
 * first assignNew case admin of the type and branch is the assignee, every notify admin is told). Caregivers report
 * only from their own visit and a reportableByCaregivers type. A clientRecordId (the phone's offline report) makes a
 * replay answer the same case (withReceipt).
 * @throws AppError NOT_FOUND for a type, client, visit or caregiver out of reach; CONFLICT for a retired type or a
 * reused record id; FORBIDDEN for a caregiver's report the rules refuse; BAD_REQUEST for a photo too large.
 */
export async function reportCase(ctx: ReportContext & { input: ReportCaseInput }): Promise<CaseDetail> {
  const { scope, input, now } = ctx;
  const open = async () => {
    const type = await findActiveCaseType(scope, input.caseTypeId);
    const target =
      scope.level === 'none'
        ? await caregiverReport(scope, type.reportableByCaregivers, input)
        : await staffReport(scope, type.companyId, input);
    const status = input.draft ? ('draft' as const) : ('requested' as const);
    const [row] = await scope.db
      .insert(cases)
      .values({
        companyId: type.companyId,
        number: await nextNumber(scope, type.companyId),
        caseTypeId: type.id,
        status,
        priority: input.priority ?? type.defaultPriority,
        branchId: target.branchId,
        clientId: target.clientId,
        shiftId: target.shiftId,
        title: input.title,
        description: input.description,
        occurredAt: new Date(input.occurredAt),
        reportedByUserId: scope.userId,
        reportedAt: now,
        ...dueDates(now, type),
        clientRecordId: input.clientRecordId ?? null,
      })
      .returning();
    const created = row!;
    if (target.caregiverIds.length > 0) {
      await scope.db
        .insert(caseCaregivers)
        .values(target.caregiverIds.map((caregiverId) => ({ caseId: created.id, caregiverId })));
    }
    if (input.photos?.length) await storePhotos(ctx, created.id, input.photos);
    if (status === 'requested') await routeNewCase(scope, created);
    return { id: created.id };
  };
  const { id } = input.clientRecordId ? await withReceipt(scope, input.clientRecordId, 'cases.report', open) : await open();
  return caseDetail(scope, id, now);
}

/** The due dates of a case reported at `at` of `type`, as Dates (null when the type sets none). */
export function dueDates(at: Date, type: Parameters<typeof caseDueDates>[1]) {
  const due = caseDueDates(at, type);
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return {
    acknowledgeDueAt: date(due.acknowledgeDueAt),
    stateReportDueAt: date(due.stateReportDueAt),
    resolveDueAt: date(due.resolveDueAt),
  };
}
