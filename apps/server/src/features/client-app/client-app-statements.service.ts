import { and, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { isBilledStatus } from '@hearth/shared/billing/billing.rules';
import type {
  ClientAppStatement,
  ClientAppStatementInput,
  ClientAppStatementLine,
  ClientAppStatementsOutput,
  ClientAppStatementSummary,
} from '@hearth/shared/client-app/client-app-statements.schema';
import type { ClientAppClientInput } from '@hearth/shared/client-app/client-app.schema';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { computeBillingLines, type BillingLine } from '../billing/billing.lines';
import { branches } from '../branches/branches.schema';
import { clients } from '../clients/clients.schema';
import { companies } from '../companies/companies.schema';
import { payerSources, payerSourceServices } from '../payer-sources/payer-sources.schema';
import { reachClient, type ReachedClient } from './client-app.access';

/*
 * Statements are computed on read from the visits and the payer's rates by the billing rules themselves
 * (computeBillingLines, the one computation behind the billing report and the billing export), not read from the
 * stored billing_lines: those exist only for the periods the office chose to compute, may be days old, and cover
 * arbitrary periods, while a family expects every month, up to the last visit checked out. A statement and the
 * billing export therefore never disagree on a visit's units or amount.
 */

/** How many months the list goes back, the current one included. */
export const STATEMENT_MONTHS = 12;

/** A calendar month of a zone: its YYYY-MM, first and last day, and whether it has not ended at `now`. */
interface Month {
  month: string;
  from: string;
  to: string;
  inProgress: boolean;
}

function monthOf(start: DateTime, current: DateTime): Month {
  return {
    month: start.toFormat('yyyy-MM'),
    from: start.toISODate()!,
    to: start.endOf('month').toISODate()!,
    inProgress: start.hasSame(current, 'month'),
  };
}

/** The first day of the month that holds `now` on the wall clock of `zone` (Luxon: DST-proof calendar arithmetic). */
function currentMonthStart(now: Date, zone: string): DateTime {
  return DateTime.fromJSDate(now, { zone }).startOf('month');
}

/** The caller's private-pay payers of the client's company (payer type private_pay) and whether the client has one. */
async function privatePayers(scope: Scope, client: ReachedClient) {
  const rows = await scope.db
    .select({ id: payerSources.id })
    .from(payerSources)
    .where(and(eq(payerSources.companyId, client.companyId), eq(payerSources.payerType, 'private_pay')));
  const ids = new Set(rows.map((r) => r.id));
  const [own] = await scope.db
    .select({ primary: clients.primaryPayerSourceId })
    .from(clients)
    .where(eq(clients.id, client.clientId));
  return { ids, primary: own?.primary != null && ids.has(own.primary) };
}

/**
 * The client's billed private-pay lines from `from` to `to` (local dates): computeBillingLines confined to the
 * reached client (their company's payers, every branch of it, this client's visits only), kept when the payer is
 * private pay and the status is billed (billable or over_authorization, isBilledStatus: what the billing export
 * bills). Lines not billed (no rate) are the office's to fix, not the family's to pay.
 */
async function billedLines(scope: Scope, client: ReachedClient, payers: Set<number>, from: string, to: string) {
  if (payers.size === 0) return [];
  // The caller reaches this client by identity (reachClient), not by branch: the computation runs in the client's
  // company, narrowed to this client's visits.
  const companyScope: Scope = { ...scope, level: 'company', companyId: client.companyId, branchIds: [] };
  const lines = await computeBillingLines({
    db: scope.db,
    scope: companyScope,
    period: { from, to },
    companyId: client.companyId,
    clientId: client.clientId,
  });
  return lines.filter((l) => l.clientId === client.clientId && payers.has(l.payerSourceId) && isBilledStatus(l.status));
}

function summaryOf(month: Month, lines: BillingLine[]): ClientAppStatementSummary {
  return { ...month, visits: lines.length, totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0) };
}

/**
 * clientAppGetStatements {clientId} (statements permission; issue "client and family app" item 5): the months of
 * the last STATEMENT_MONTHS (the current one included, in the client's branch's zone at `now`) with at least one
 * billed private-pay visit, newest first, each with its visit count and total in cents.
 * @returns {privatePay, statements}; privatePay is false (and statements empty) for a client whose primary payer is
 *   not private pay and who had no private-pay visit in those months, so the page can say why there is nothing.
 * @throws AppError NOT_FOUND "Client N not found" (reachClient).
 */
export async function clientAppGetStatements({
  scope,
  input,
  now,
}: {
  scope: Scope;
  input: ClientAppClientInput;
  now: Date;
}): Promise<ClientAppStatementsOutput> {
  const client = await reachClient(scope, input.clientId, 'statements');
  const payers = await privatePayers(scope, client);
  const current = currentMonthStart(now, client.timezone);
  const first = current.minus({ months: STATEMENT_MONTHS - 1 });
  const lines = await billedLines(scope, client, payers.ids, first.toISODate()!, current.endOf('month').toISODate()!);
  const byMonth = new Map<string, BillingLine[]>();
  for (const line of lines) {
    const key = line.visitDate.slice(0, 7);
    byMonth.set(key, [...(byMonth.get(key) ?? []), line]);
  }
  const statements: ClientAppStatementSummary[] = [];
  for (let i = 0; i < STATEMENT_MONTHS; i++) {
    const month = monthOf(current.minus({ months: i }), current);
    const mine = byMonth.get(month.month);
    if (mine) statements.push(summaryOf(month, mine));
  }
  return { privatePay: payers.primary || lines.length > 0, statements };
}

/** The payer service a line was priced by: same code and modifiers, else the same code (as billing prices it). */
function serviceOfLine(services: (typeof payerSourceServices.$inferSelect)[], line: BillingLine) {
  const mine = services.filter((s) => s.payerSourceId === line.payerSourceId && s.serviceCode === line.serviceCode);
  return mine.find((s) => JSON.stringify(s.modifiers) === JSON.stringify(line.modifiers)) ?? mine[0];
}

/**
 * clientAppGetStatement {clientId, month} (statements permission): one month's statement, computed now by the
 * billing rules (see the file's head): each billed private-pay visit with its date, worked span (UTC), service,
 * caregiver's first name, minutes, units (the payer service's unit length and rounding rule), rate and amount
 * (units x rate, cents), by date and check-in, and the totals. `now` says whether the month is still in progress.
 * @returns ClientAppStatement.
 * @throws AppError NOT_FOUND "Client N not found" (reachClient); NOT_FOUND "Statement YYYY-MM not found" for a month
 *   after the current one or without a billed private-pay visit of this client.
 */
export async function clientAppGetStatement({
  scope,
  input,
  now,
}: {
  scope: Scope;
  input: ClientAppStatementInput;
  now: Date;
}): Promise<ClientAppStatement> {
  const client = await reachClient(scope, input.clientId, 'statements');
  const current = currentMonthStart(now, client.timezone);
  const start = DateTime.fromFormat(input.month, 'yyyy-MM', { zone: client.timezone });
  const notFound = () => new AppError('NOT_FOUND', `Statement ${input.month} not found`);
  if (!start.isValid || start > current) throw notFound();
  const month = monthOf(start, current);
  const payers = await privatePayers(scope, client);
  const lines = await billedLines(scope, client, payers.ids, month.from, month.to);
  if (lines.length === 0) throw notFound();
  const services = await scope.db
    .select()
    .from(payerSourceServices)
    .where(inArray(payerSourceServices.payerSourceId, [...new Set(lines.map((l) => l.payerSourceId))]));
  const [place] = await scope.db
    .select({ branchName: branches.name, agencyName: companies.name })
    .from(branches)
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(eq(branches.id, client.branchId));
  const ordered = [...lines].sort(
    (a, b) => a.visitDate.localeCompare(b.visitDate) || a.checkInAt.getTime() - b.checkInAt.getTime(),
  );
  return {
    ...summaryOf(month, ordered),
    client: { firstName: client.firstName, lastName: client.lastName },
    agencyName: place!.agencyName,
    branchName: place!.branchName,
    timezone: client.timezone,
    totalMinutes: ordered.reduce((sum, l) => sum + l.minutes, 0),
    lines: ordered.map((line): ClientAppStatementLine => {
      const service = serviceOfLine(services, line);
      return {
        shiftId: line.shiftId,
        date: line.visitDate,
        startAt: line.checkInAt.toISOString(),
        endAt: line.checkOutAt.toISOString(),
        service: service?.description ?? line.serviceCode ?? '',
        serviceCode: line.serviceCode,
        caregiverFirstName: line.caregiver?.firstName ?? null,
        minutes: line.minutes,
        units: line.units,
        unitMinutes: service?.unitMinutes ?? 0,
        rateCents: line.rateCents ?? 0,
        amountCents: line.amountCents,
      };
    }),
  };
}
