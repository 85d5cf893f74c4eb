import { eq } from 'drizzle-orm';
import type { CaseDetail } from '@hearth/shared/cases/cases.schema';
import { startTestApp } from '../../test/test-app';
import { users } from '../users/users.schema';
import { clients } from '../clients/clients.schema';
import { careFormApi, careFormFixtures, type CareFormUser } from '../care-forms/care-forms.test-support';
import { cases, caseTypes } from './cases.schema';
import { ensureCaseTypes } from './cases.defaults';

/** A clock the test moves: every request's time (ctx.receivedAt) is its current value. */
export function testClock(start: string) {
  let current = new Date(start);
  return {
    now: () => current,
    set: (iso: string) => {
      current = new Date(iso);
    },
    plusHours: (hours: number) => new Date(current.getTime() + hours * 3_600_000).toISOString(),
  };
}

/**
 * Starts the test app on the seeded demo agency with a controlled clock, the care form fixtures (Boston and
 * Worcester clients, the caregiver's visit, another agency) and every role signed in; the other agency gets its
 * default case types and one case. `types` are the demo agency's default case type ids by code.
 */
export async function startCaseTests(start = '2026-11-20T15:00:00.000Z') {
  const clock = testClock(start);
  const t = await startTestApp({ now: clock.now });
  const f = await careFormFixtures(t);
  const api = await careFormApi(t);
  const db = t.database.db;
  await ensureCaseTypes(db);
  const typeRows = await db.select().from(caseTypes);
  const typeOf = (companyId: number, code: string) => typeRows.find((r) => r.companyId === companyId && r.code === code)!.id;
  const userIdOf = async (username: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  const developerId = await userIdOf('developer');
  const [otherClient] = await db.select({ branchId: clients.branchId }).from(clients).where(eq(clients.id, f.other.clientId));
  const [otherCase] = await db
    .insert(cases)
    .values({
      companyId: f.other.companyId,
      number: 1,
      caseTypeId: typeOf(f.other.companyId, 'incident'),
      status: 'requested',
      priority: 'urgent',
      branchId: otherClient!.branchId,
      clientId: f.other.clientId,
      title: 'Elsewhere fall',
      occurredAt: clock.now(),
      reportedByUserId: developerId,
      reportedAt: clock.now(),
    })
    .returning({ id: cases.id });
  const companyId = f.boston.companyId;
  const types = {
    incident: typeOf(companyId, 'incident'),
    complaint: typeOf(companyId, 'complaint'),
    changeOfCondition: typeOf(companyId, 'change-of-condition'),
  };
  /** Reports a case as `as` {caseTypeId, clientId, title, occurredAt now, ...extra} -> CaseDetail. */
  const report = (as: CareFormUser, caseTypeId: number, clientId: number, extra: object = {}) =>
    api.ok<CaseDetail>(
      'mutation',
      'cases.report',
      { caseTypeId, clientId, title: 'Something happened', occurredAt: clock.now().toISOString(), ...extra },
      as,
    );
  /** The case admins' user ids: the demo's Boston branch manager and nurse. */
  const people = { branchManager: await userIdOf('branchmanager'), nurse: await userIdOf('nurse'), developer: developerId };
  return { t, f, api, clock, types, report, people, otherCaseId: otherCase!.id, userIdOf, db };
}

export type CaseTests = Awaited<ReturnType<typeof startCaseTests>>;
