import { and, eq, inArray } from 'drizzle-orm';
import type { CasePriority, CaseStatus } from '@hearth/shared/cases/cases.constants';
import { caseDueDates } from '@hearth/shared/cases/case-deadlines';
import type { Db } from '../../db/client';
import { users } from '../users/users.schema';
import { caseAdmins, caseCaregivers, caseComments, cases, caseTypes } from '../cases/cases.schema';
import { ensureCaseTypes } from '../cases/cases.defaults';

/** What the demo cases are built on: the demo company, its first branch, two of its clients and the demo caregiver. */
export interface DemoCasesInput {
  companyId: number;
  branchId: number;
  clientIds: [number, number];
  /** The demo caregiver user's caregiver record. */
  caregiverId: number;
  /** The seeding time (the demo's cases are reported hours and days before it). */
  now: Date;
}

const HOUR_MS = 3_600_000;

/** A demo case: its type code, status, priority, title, how many hours before now it was reported, and by whom. */
interface DemoCase {
  code: string;
  status: CaseStatus;
  priority: CasePriority;
  title: string;
  description: string;
  hoursAgo: number;
  reporter: 'caregiver' | 'nurse' | 'branchmanager';
  client: 0 | 1;
  reason?: string;
}

const DEMO_CASES: DemoCase[] = [
  {
    code: 'incident',
    status: 'requested',
    priority: 'urgent',
    title: 'Fall in the bathroom',
    description: 'Found on the bathroom floor at the start of the visit; a bruise on the left hip, no head injury.',
    hoursAgo: 5,
    reporter: 'caregiver',
    client: 0,
  },
  {
    code: 'change-of-condition',
    status: 'in-progress',
    priority: 'urgent',
    title: 'More confused than usual',
    description: 'Did not recognise the caregiver this morning and refused lunch.',
    hoursAgo: 1,
    reporter: 'nurse',
    client: 1,
  },
  {
    code: 'complaint',
    status: 'completed',
    priority: 'routine',
    title: 'Caregiver arrived late twice',
    description: 'The daughter called: the Tuesday caregiver arrived 40 minutes late two weeks in a row.',
    hoursAgo: 240,
    reporter: 'branchmanager',
    client: 0,
  },
  {
    code: 'complaint',
    status: 'cancelled',
    priority: 'routine',
    title: 'Missed visit',
    description: 'Reported as a missed visit.',
    hoursAgo: 72,
    reporter: 'branchmanager',
    client: 1,
    reason: 'The visit had been moved at the family’s request: not a missed visit.',
  },
];

/**
 * The demo agency's cases (issue 24): the default case types (ensureCaseTypes, with the shipped incident report and
 * change of condition forms as their modules), case admins of the first branch (the branch manager takes new cases
 * of every type and is told, the nurse is told of incidents and changes of condition), and four cases: an incident
 * the caregiver reported 5 hours ago not yet acknowledged (overdue: acknowledge within 2 hours), a change of
 * condition in progress, a complaint completed with a comment and one cancelled with a reason.
 * @returns how many cases were created.
 */
export async function seedDemoCases(tx: Db, input: DemoCasesInput): Promise<number> {
  await ensureCaseTypes(tx);
  const types = await tx.select().from(caseTypes).where(eq(caseTypes.companyId, input.companyId));
  const people = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.companyId, input.companyId), inArray(users.username, ['branchmanager', 'nurse', 'caregiver'])));
  const userId = (username: string) => people.find((p) => p.username === username)!.id;
  await tx
    .insert(caseAdmins)
    .values(
      types.flatMap((type) => [
        { caseTypeId: type.id, branchId: input.branchId, userId: userId('branchmanager'), assignNew: true, notify: true },
        ...(type.code === 'complaint'
          ? []
          : [{ caseTypeId: type.id, branchId: input.branchId, userId: userId('nurse'), assignNew: false, notify: true }]),
      ]),
    );
  for (const [index, demo] of DEMO_CASES.entries()) {
    const type = types.find((t) => t.code === demo.code)!;
    const reportedAt = new Date(input.now.getTime() - demo.hoursAgo * HOUR_MS);
    const due = caseDueDates(reportedAt, type);
    const later = (hours: number) => new Date(reportedAt.getTime() + hours * HOUR_MS);
    const [row] = await tx
      .insert(cases)
      .values({
        companyId: input.companyId,
        number: index + 1,
        caseTypeId: type.id,
        status: demo.status,
        priority: demo.priority,
        branchId: input.branchId,
        clientId: input.clientIds[demo.client],
        title: demo.title,
        description: demo.description,
        occurredAt: new Date(reportedAt.getTime() - HOUR_MS / 2),
        reportedByUserId: userId(demo.reporter),
        reportedAt,
        assigneeUserId: userId('branchmanager'),
        acknowledgeDueAt: due.acknowledgeDueAt ? new Date(due.acknowledgeDueAt) : null,
        stateReportDueAt: due.stateReportDueAt ? new Date(due.stateReportDueAt) : null,
        resolveDueAt: due.resolveDueAt ? new Date(due.resolveDueAt) : null,
        acknowledgedAt: demo.status === 'requested' ? null : later(0.5),
        completedAt: demo.status === 'completed' ? later(96) : null,
        cancelledAt: demo.status === 'cancelled' ? later(3) : null,
        lastReason: demo.reason ?? null,
      })
      .returning({ id: cases.id });
    if (demo.reporter === 'caregiver')
      await tx.insert(caseCaregivers).values({ caseId: row!.id, caregiverId: input.caregiverId });
    if (demo.status === 'completed') {
      await tx.insert(caseComments).values({
        caseId: row!.id,
        authorUserId: userId('branchmanager'),
        body: 'Spoke with the daughter and the caregiver; the Tuesday visit now starts 30 minutes later to fit the bus.',
        createdAt: later(48),
      });
    }
  }
  return DEMO_CASES.length;
}
