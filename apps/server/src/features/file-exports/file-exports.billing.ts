import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  billedAmountCents,
  visitsOverAuthorization,
  type AuthorizedVisit,
} from '@hearth/shared/file-exports/file-exports.billing';
import { isEvvVerified, wallClockText } from '@hearth/shared/file-exports/file-exports.evv';
import { dollarsText } from '@hearth/shared/payroll/payroll-hours';
import { unitsFromMinutes } from '@hearth/shared/shifts/shift-units';
import type { AuthorizationLimits } from '@hearth/shared/clients/authorization-units';
import { inBranchScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { caregivers } from '../caregivers/caregivers.schema';
import { clientAuthorizations, clients } from '../clients/clients.schema';
import { payerSources, payerSourceServices } from '../payer-sources/payer-sources.schema';
import { shifts } from '../shifts/shifts.schema';
import { DEFAULT_UNIT_RULE } from '../shifts/shifts.units';
import { csvFile, modifiersText, periodOf, type BuiltExportFile, type ExportRun } from './file-exports.files';
import { inPeriod, isWorked, loadExportVisits, periodWindow, type ExportVisit } from './file-exports.visits';

/** The billing file's columns: one line per billed visit, grouped by payer source. */
export const BILLING_COLUMNS = [
  'Payer',
  'Payer ID',
  'Client',
  'Medicaid ID',
  'Service Code',
  'Modifiers',
  'Visit Date',
  'Caregiver',
  'Check-in',
  'Check-out',
  'Minutes',
  'Units',
  'Rate',
  'Amount',
  'Authorization #',
  'Over Authorization',
  'EVV Verified',
  'Note',
];

type Payer = typeof payerSources.$inferSelect;
type Service = typeof payerSourceServices.$inferSelect;

/** The payer's service of the shift: same code and modifiers, else the same code with any modifiers (as units do). */
function serviceOf(services: Service[], visit: ExportVisit): Service | undefined {
  const mine = services.filter((s) => s.payerSourceId === visit.shift.payerSourceId && s.serviceCode === visit.shift.serviceCode);
  return mine.find((s) => JSON.stringify(s.modifiers) === JSON.stringify(visit.shift.modifiers)) ?? mine[0];
}

/** Whether a worked visit may be billed to its payer: a payer requiring EVV takes EVV-verified visits only. */
function billable(visit: ExportVisit, payer: Payer | undefined): boolean {
  return payer !== undefined && (!payer.requiresEvv || isEvvVerified(visit.sheets));
}

/** Units of a worked visit under its payer service's rule (DEFAULT_UNIT_RULE when the payer lists none). */
function unitsOf(visit: ExportVisit, service: Service | undefined): number {
  const rule = service ?? DEFAULT_UNIT_RULE;
  return unitsFromMinutes(visit.minutes, rule.unitMinutes, rule.roundingRule);
}

/**
 * The visits over their authorization among `lines` (visitsOverAuthorization): every billable visit of the
 * authorizations concerned over the authorizations' whole dates counts, the period's and the others.
 */
async function overAuthorization(db: Db, lines: ExportVisit[], payers: Map<number, Payer>, services: Service[]) {
  const ids = [...new Set(lines.flatMap((l) => (l.shift.authorizationId ? [l.shift.authorizationId] : [])))];
  if (ids.length === 0) return { over: new Set<number>(), numbers: new Map<number, string | null>() };
  const auths = await db.select().from(clientAuthorizations).where(inArray(clientAuthorizations.id, ids));
  const limits = new Map<number, AuthorizationLimits>(auths.map((a) => [a.id, a]));
  const from = auths.reduce((min, a) => (a.startDate < min ? a.startDate : min), auths[0]!.startDate);
  const to = auths.reduce((max, a) => (a.endDate > max ? a.endDate : max), auths[0]!.endDate);
  const visits = await loadExportVisits(db, inArray(shifts.authorizationId, ids), periodWindow({ from, to }));
  const counted: AuthorizedVisit[] = visits
    .filter((v) => isWorked(v) && billable(v, payers.get(v.shift.payerSourceId ?? 0)))
    .map((v) => ({
      id: v.shift.id,
      authorizationId: v.shift.authorizationId,
      date: v.date,
      order: v.span!.checkIn.getTime(),
      units: unitsOf(v, serviceOf(services, v)),
    }));
  return { over: visitsOverAuthorization(counted, limits), numbers: new Map(auths.map((a) => [a.id, a.authorizationNumber])) };
}

/**
 * Builds the billing file of a period (DOMAIN.md "Billing": units times the payer's rate per service code, per
 * client and payer, for completed and verified visits). One line per visit of the scope's branches with a payer
 * source (params.payerSourceId: that one only) whose local date is in the period and that was worked (isWorked:
 * effective check-in and check-out, office edits winning); for a payer with requiresEvv only EVV-verified visits
 * (isEvvVerified: each time recorded by the device or entered by the office with a reason code). Units come from
 * the worked minutes by the payer service's unit length and rounding rule (unitsFromMinutes); Rate is the bill rate
 * in dollars and Amount units x rate computed exactly in cents. A visit over its authorization (weekly, monthly or
 * total units, or outside its dates) is kept and flagged "Yes" in Over Authorization. Without a matching payer
 * service the line has no rate and says so in Note. Lines by payer, client, date and check-in; times on the
 * branch's wall clock.
 */
export async function buildBillingExport(run: ExportRun): Promise<BuiltExportFile> {
  const period = periodOf(run.params);
  const payerId = run.params.payerSourceId;
  const found = await loadExportVisits(
    run.db,
    and(inBranchScope(run.scope, shifts.branchId), payerId ? eq(shifts.payerSourceId, payerId) : isNotNull(shifts.payerSourceId)),
    periodWindow(period),
  );
  const payerIds = [...new Set(found.map((v) => v.shift.payerSourceId!))];
  const payerRows = payerIds.length
    ? await run.db
        .select()
        .from(payerSources)
        .where(and(inArray(payerSources.id, payerIds), eq(payerSources.companyId, run.row.companyId)))
    : [];
  const payers = new Map(payerRows.map((p) => [p.id, p]));
  const services = payerIds.length
    ? await run.db.select().from(payerSourceServices).where(inArray(payerSourceServices.payerSourceId, payerIds))
    : [];
  const lines = found.filter((v) => inPeriod(v, period) && isWorked(v) && billable(v, payers.get(v.shift.payerSourceId!)));
  const { over, numbers } = await overAuthorization(run.db, lines, payers, services);

  const clientRows = lines.length
    ? await run.db
        .select()
        .from(clients)
        .where(inArray(clients.id, [...new Set(lines.map((l) => l.shift.clientId))]))
    : [];
  const clientById = new Map(clientRows.map((c) => [c.id, c]));
  const caregiverIds = [...new Set(lines.flatMap((l) => (l.shift.caregiverId ? [l.shift.caregiverId] : [])))];
  const caregiverRows = caregiverIds.length
    ? await run.db.select().from(caregivers).where(inArray(caregivers.id, caregiverIds))
    : [];
  const caregiverById = new Map(caregiverRows.map((c) => [c.id, c]));

  const sorted = lines
    .map((visit) => ({ visit, payer: payers.get(visit.shift.payerSourceId!)!, client: clientById.get(visit.shift.clientId)! }))
    .sort(
      (a, b) =>
        a.payer.name.localeCompare(b.payer.name) ||
        a.client.lastName.localeCompare(b.client.lastName) ||
        a.client.firstName.localeCompare(b.client.firstName) ||
        a.visit.date.localeCompare(b.visit.date) ||
        a.visit.span!.checkIn.getTime() - b.visit.span!.checkIn.getTime(),
    );
  const rows = sorted.map(({ visit, payer, client }) => {
    const { shift, span, timeZone } = visit;
    const service = shift.serviceCode ? serviceOf(services, visit) : undefined;
    const units = unitsOf(visit, service);
    const caregiver = shift.caregiverId ? caregiverById.get(shift.caregiverId) : undefined;
    const note = !shift.serviceCode
      ? 'No service code on the visit'
      : service
        ? ''
        : `No rate for ${shift.serviceCode} at ${payer.name}`;
    return [
      payer.name,
      payer.payerId ?? '',
      `${client.lastName}, ${client.firstName}`,
      client.medicaidId ?? '',
      shift.serviceCode ?? '',
      modifiersText(shift.modifiers),
      visit.date,
      caregiver ? `${caregiver.lastName}, ${caregiver.firstName}` : '',
      wallClockText(span!.checkIn, timeZone),
      wallClockText(span!.checkOut, timeZone),
      visit.minutes,
      units,
      service ? dollarsText(service.billRateCents) : '',
      service ? dollarsText(billedAmountCents(units, service.billRateCents)) : '',
      shift.authorizationId ? (numbers.get(shift.authorizationId) ?? '') : '',
      over.has(shift.id) ? 'Yes' : 'No',
      isEvvVerified(visit.sheets) ? 'Yes' : 'No',
      note,
    ];
  });
  return csvFile(BILLING_COLUMNS, rows, { bom: true });
}
