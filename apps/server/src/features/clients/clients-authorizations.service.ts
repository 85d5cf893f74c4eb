import { and, asc, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  authorizationRuleErrors,
  type ClientAuthMetric,
  type ClientAuthorizationCodeCombo,
  type ClientAuthorizationOutput,
  type CreateClientAuthorizationInput,
  type GetClientAuthMetricsInput,
  type GetClientAuthorizationMatchInput,
  type UpdateClientAuthorizationInput,
} from '@hearth/shared/clients/client-authorizations.schema';
import { authorizedUnits, remainingUnits } from '@hearth/shared/clients/authorization-units';
import type { Scope } from '../../auth/scope';
import type { Language } from '@hearth/shared/i18n/languages';
import { AppError } from '../../errors/app-error';
import { msg, translate } from '../../i18n/server-i18n';
import { calendarDate, calendarDateValue } from '../../i18n/server-dates';
import { branches } from '../branches/branches.schema';
import { payerSources } from '../payer-sources/payer-sources.schema';
import { clientAuthorizations, clients } from './clients.schema';
import { shifts } from '../shifts/shifts.schema';
import { authorizationShifts, authorizationUnitRules, DEFAULT_UNIT_RULE, shiftUnits } from '../shifts/shifts.units';
import {
  assertCompanyPayer,
  assertNoFieldErrors,
  findClient,
  findRecordClient,
  iso,
  textOrNull,
  type ScopedClient,
} from './clients.lookup';
import { ownedTable, type ScopedInput, insertReturningId, firstOrNotFound } from '../records/records.owner';

const AUTHORIZATION = ownedTable(clientAuthorizations, clientAuthorizations.clientId, 'Authorization');

type AuthorizationRow = typeof clientAuthorizations.$inferSelect;

function toOutput(row: AuthorizationRow, payerSourceName: string): ClientAuthorizationOutput {
  return {
    id: row.id,
    clientId: row.clientId,
    payerSourceId: row.payerSourceId,
    payerSourceName,
    serviceCode: row.serviceCode,
    modifiers: row.modifiers,
    authorizationNumber: row.authorizationNumber,
    unitsPerWeek: row.unitsPerWeek,
    unitsPerMonth: row.unitsPerMonth,
    unitsTotal: row.unitsTotal,
    startDate: row.startDate,
    endDate: row.endDate,
    notes: row.notes,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** A client's authorizations with their payer names, by a condition on them, latest start first. */
async function selectAuthorizations(scope: Scope, clientId: number, where?: SQL) {
  const rows = await scope.db
    .select({ authorization: clientAuthorizations, payerSourceName: payerSources.name })
    .from(clientAuthorizations)
    .innerJoin(payerSources, eq(payerSources.id, clientAuthorizations.payerSourceId))
    .where(and(eq(clientAuthorizations.clientId, clientId), where))
    .orderBy(desc(clientAuthorizations.startDate), desc(clientAuthorizations.id));
  return rows.map((r) => toOutput(r.authorization, r.payerSourceName));
}

/**
 * Refuses an authorization whose dates overlap another of the same client, payer, service code and modifiers,
 * so that getClientAuthorizationMatch finds one authorization for a date, never two. To change an authorization
 * mid-way, end the current one and add the next from the following day.
 * @throws AppError CONFLICT naming the code and the other authorization's dates.
 */
async function assertNoOverlap(
  scope: Scope,
  a: Pick<AuthorizationRow, 'id' | 'clientId' | 'payerSourceId' | 'serviceCode' | 'modifiers' | 'startDate' | 'endDate'>,
) {
  const [other] = await scope.db
    .select({ startDate: clientAuthorizations.startDate, endDate: clientAuthorizations.endDate })
    .from(clientAuthorizations)
    .where(
      and(
        eq(clientAuthorizations.clientId, a.clientId),
        eq(clientAuthorizations.payerSourceId, a.payerSourceId),
        eq(clientAuthorizations.serviceCode, a.serviceCode),
        sql`${clientAuthorizations.modifiers} = ${JSON.stringify(a.modifiers)}::jsonb`,
        lte(clientAuthorizations.startDate, a.endDate),
        gte(clientAuthorizations.endDate, a.startDate),
        a.id ? ne(clientAuthorizations.id, a.id) : undefined,
      ),
    )
    .limit(1);
  if (other) {
    const code = [a.serviceCode, ...a.modifiers].join(' ');
    // The dates in the reader's locale too: YYYY-MM-DD in English (the spec's format), es-US "2/3/2026" in Spanish.
    const message = msg('errors.clients.authorizationOverlaps', {
      code,
      start: calendarDateValue(other.startDate),
      end: calendarDateValue(other.endDate),
    });
    throw new AppError('CONFLICT', message, { startDate: [message] });
  }
}

/**
 * A client's authorizations {clientId}, latest start first, each with its payer source's name.
 * @throws AppError NOT_FOUND "Client N not found" outside the scope.
 */
export async function getClientAuthorizations({ scope, input }: ScopedInput<{ clientId: number }>) {
  const client = await findClient(scope, input.clientId);
  return selectAuthorizations(scope, client.id);
}

async function oneAuthorization(scope: Scope, client: ScopedClient, id: number): Promise<ClientAuthorizationOutput> {
  return firstOrNotFound(await selectAuthorizations(scope, client.id, eq(clientAuthorizations.id, id)), 'Authorization', id);
}

/**
 * Adds an authorization to a client in scope: a payer source of the client's company, a service code with up to
 * 4 modifiers, units per week / month / total (at least one), start and end dates (end on or after start).
 * @throws AppError NOT_FOUND "Client N not found" outside the scope; BAD_REQUEST "Payer source N not found" for
 * a payer of another company; CONFLICT when it overlaps an authorization of the same payer and code.
 */
export async function createClientAuthorization({ scope, input }: ScopedInput<CreateClientAuthorizationInput>) {
  const client = await findClient(scope, input.clientId, { lock: true });
  await assertCompanyPayer(scope, client.companyId, input.payerSourceId, 'payerSourceId');
  const modifiers = input.modifiers ?? [];
  await assertNoOverlap(scope, { ...input, id: 0, clientId: client.id, modifiers });
  const id = await insertReturningId(scope, clientAuthorizations, 'authorization', {
    clientId: client.id,
    payerSourceId: input.payerSourceId,
    serviceCode: input.serviceCode,
    modifiers,
    authorizationNumber: textOrNull(input.authorizationNumber),
    unitsPerWeek: input.unitsPerWeek ?? null,
    unitsPerMonth: input.unitsPerMonth ?? null,
    unitsTotal: input.unitsTotal ?? null,
    startDate: input.startDate,
    endDate: input.endDate,
    notes: textOrNull(input.notes),
  });
  return oneAuthorization(scope, client, id);
}

/**
 * Edits an authorization {id, ...fields to change}; the rules of createClientAuthorization apply to the result.
 * @throws AppError NOT_FOUND "Authorization N not found" when it does not exist or its client is outside the
 * scope; BAD_REQUEST for a broken rule or another company's payer; CONFLICT on overlap.
 */
export async function updateClientAuthorization({ scope, input }: ScopedInput<UpdateClientAuthorizationInput>) {
  const client = await findRecordClient(scope, AUTHORIZATION, input.id, { lock: true });
  const [current] = await scope.db.select().from(clientAuthorizations).where(eq(clientAuthorizations.id, input.id));
  if (!current) throw new AppError('NOT_FOUND', `Authorization ${input.id} not found`);
  const { id, ...given } = input;
  const changes = {
    ...given,
    authorizationNumber: textOrNull(input.authorizationNumber),
    notes: textOrNull(input.notes),
  };
  const merged: AuthorizationRow = {
    ...current,
    ...(Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<AuthorizationRow>),
  };
  assertNoFieldErrors(authorizationRuleErrors(merged));
  if (input.payerSourceId !== undefined && input.payerSourceId !== current.payerSourceId) {
    await assertCompanyPayer(scope, client.companyId, input.payerSourceId, 'payerSourceId');
  }
  await assertNoOverlap(scope, merged);
  await scope.db
    .update(clientAuthorizations)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(clientAuthorizations.id, id));
  return oneAuthorization(scope, client, id);
}

/** How many of the visits using an authorization a refusal names. */
const VISITS_NAMED = 5;

/**
 * Deletes an authorization {id} that no visit uses: a visit's authorization is what its units are counted and
 * billed against (issue 4 item 4), so deleting it would silently unlink the visits (and fail on billed ones).
 * @returns {id} of the deleted authorization.
 * @throws AppError NOT_FOUND "Authorization N not found" when it does not exist or its client is outside the scope;
 * CONFLICT "Authorization N is used by 12 visits: 31 on 2026-03-02, ... and 7 more. ..." naming the first visits
 * (id and local date on their branch's clock) and the count.
 */
export async function deleteClientAuthorization({ scope, input }: ScopedInput<{ id: number }>) {
  await findRecordClient(scope, AUTHORIZATION, input.id, { lock: true });
  const localDate = sql<string>`to_char(${shifts.startAt} at time zone ${branches.timezone}, 'YYYY-MM-DD')`;
  const using = await scope.db
    .select({ id: shifts.id, date: localDate, total: sql<number>`(count(*) over ())::int` })
    .from(shifts)
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .where(eq(shifts.authorizationId, input.id))
    .orderBy(asc(shifts.startAt), asc(shifts.id))
    .limit(VISITS_NAMED);
  const total = using[0]?.total ?? 0;
  if (total > 0) {
    // Each visit and the "and N more" are catalogue messages too, worded in the reader's language with the rest.
    const visits = (language: Language) => {
      const named = using.map((v) =>
        translate(msg('authorizationInUse.visit', { id: v.id, date: calendarDate(v.date, language) }), language),
      );
      const list = named.join(', ');
      const more = total - using.length;
      return more > 0 ? translate(msg('authorizationInUse.more', { visits: list, count: more }), language) : list;
    };
    throw new AppError('CONFLICT', msg('authorizationInUse.message', { id: input.id, count: total, visits }));
  }
  await scope.db.delete(clientAuthorizations).where(eq(clientAuthorizations.id, input.id));
  return { id: input.id };
}

/**
 * The authorization covering a period for a payer (issue 4 item 4): {clientId, payerSourceId, startDate,
 * endDate, serviceCode?} -> the client's authorization of that payer (and code, when given) whose dates include
 * the whole period, or null. Authorizations of one payer and code do not overlap (createClientAuthorization);
 * across codes, the one starting latest wins.
 * @throws AppError NOT_FOUND "Client N not found" outside the scope.
 */
export async function getClientAuthorizationMatch({ scope, input }: ScopedInput<GetClientAuthorizationMatchInput>) {
  const client = await findClient(scope, input.clientId);
  const [match] = await selectAuthorizations(
    scope,
    client.id,
    and(
      eq(clientAuthorizations.payerSourceId, input.payerSourceId),
      lte(clientAuthorizations.startDate, input.startDate),
      gte(clientAuthorizations.endDate, input.endDate),
      input.serviceCode ? eq(clientAuthorizations.serviceCode, input.serviceCode) : undefined,
    ),
  );
  return match ?? null;
}

/**
 * Units per authorization within a period (issue 4 item 4): {clientId, startDate, endDate} -> for each of the
 * client's authorizations whose dates meet the period, {authorizationId, payer, serviceCode, modifiers, its
 * dates, authorized, scheduled, used, remaining}, in units of the service code. `authorized` follows
 * authorizedUnits (packages/shared/src/clients/authorization-units.ts): per-week units times the calendar weeks
 * (Sunday to Saturday) the period and the authorization share, per-month units times the calendar months they
 * share, or the total; the tightest limit given applies. `scheduled` and `used` count the client's shifts on
 * the authorization whose local start date (branch time zone) lies in the period (shifts.units.ts): `used` the
 * completed ones, by worked minutes (check-in to check-out) when both times exist, else scheduled minutes;
 * `scheduled` those not yet worked (scheduled, in progress), by scheduled minutes. Cancelled and missed shifts
 * count nowhere (they are not billed). Units per shift by the payer service's unit length and rounding rule
 * (payer_source_services; 15 minutes and the CMS 8-minute rule when the service is not listed). `remaining` is
 * authorized - scheduled - used.
 * @throws AppError NOT_FOUND "Client N not found" outside the scope.
 */
export async function getClientAuthMetrics({
  scope,
  input,
}: ScopedInput<GetClientAuthMetricsInput>): Promise<ClientAuthMetric[]> {
  const client = await findClient(scope, input.clientId);
  const rows = await scope.db
    .select({ authorization: clientAuthorizations, payerSourceName: payerSources.name })
    .from(clientAuthorizations)
    .innerJoin(payerSources, eq(payerSources.id, clientAuthorizations.payerSourceId))
    .where(
      and(
        eq(clientAuthorizations.clientId, client.id),
        lte(clientAuthorizations.startDate, input.endDate),
        gte(clientAuthorizations.endDate, input.startDate),
      ),
    )
    .orderBy(asc(payerSources.name), asc(clientAuthorizations.serviceCode), asc(clientAuthorizations.startDate));
  const ids = rows.map((r) => r.authorization.id);
  const rules = await authorizationUnitRules(scope, ids);
  const shiftRows = await authorizationShifts(scope, {
    clientId: client.id,
    authorizationIds: ids,
    startDate: input.startDate,
    endDate: input.endDate,
  });
  return rows.map(({ authorization: a, payerSourceName }) => {
    const authorized = authorizedUnits(a, input);
    const rule = rules.get(a.id) ?? DEFAULT_UNIT_RULE;
    const mine = shiftRows.filter((s) => s.authorizationId === a.id);
    const units = (completed: boolean) =>
      mine.filter((s) => (s.status === 'completed') === completed).reduce((sum, s) => sum + shiftUnits(s, rule), 0);
    const scheduled = units(false);
    const used = units(true);
    return {
      authorizationId: a.id,
      payerSourceId: a.payerSourceId,
      payerSourceName,
      serviceCode: a.serviceCode,
      modifiers: a.modifiers,
      startDate: a.startDate,
      endDate: a.endDate,
      authorized,
      scheduled,
      used,
      remaining: remainingUnits({ authorized, scheduled, used }),
    };
  });
}

/**
 * The payer and service code pairs usable for scheduling a client (issue 4 item 4): {clientId} -> distinct
 * {payerSourceId, payerSourceName, serviceCode, modifiers} of its current authorizations, those not yet ended
 * today in the client's branch time zone (future ones included), by payer name then code.
 * @throws AppError NOT_FOUND "Client N not found" outside the scope.
 */
export async function getClientAuthorizationCodeCombos({
  scope,
  input,
}: ScopedInput<{ clientId: number }>): Promise<ClientAuthorizationCodeCombo[]> {
  const client = await findClient(scope, input.clientId);
  const today = sql`(now() at time zone ${branches.timezone})::date`;
  const rows = await scope.db
    .selectDistinct({
      payerSourceId: clientAuthorizations.payerSourceId,
      payerSourceName: payerSources.name,
      serviceCode: clientAuthorizations.serviceCode,
      modifiers: clientAuthorizations.modifiers,
    })
    .from(clientAuthorizations)
    .innerJoin(payerSources, eq(payerSources.id, clientAuthorizations.payerSourceId))
    .innerJoin(clients, eq(clients.id, clientAuthorizations.clientId))
    .innerJoin(branches, eq(branches.id, clients.branchId))
    .where(and(eq(clientAuthorizations.clientId, client.id), sql`${clientAuthorizations.endDate} >= ${today}`))
    .orderBy(
      asc(payerSources.name),
      asc(clientAuthorizations.serviceCode),
      asc(clientAuthorizations.modifiers),
      asc(clientAuthorizations.payerSourceId),
    );
  return rows;
}
