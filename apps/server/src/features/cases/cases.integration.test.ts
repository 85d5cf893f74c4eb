import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CaseDetail, CaseHistoryEntry, CaseSummary } from '@hearth/shared/cases/cases.schema';
import { inAppNotifications } from '../notifications/notifications.schema';
import { outbox } from '../notify/notify.schema';
import { careForms } from '../care-forms/care-forms.schema';
import { users } from '../users/users.schema';
import { caseAttachments } from './cases.schema';
import { startCaseTests, type CaseTests } from './cases.test-support';

/*
 * Cases (issue 24) through their procedures over HTTP, on PGlite or PostgreSQL (TEST_DATABASE_URL): routing a new
 * case to the case admins, the moves the shared rules allow and refuse, deadlines and overdue flags at a clock the
 * test moves, modules as care forms, the phone's idempotent report with photos, and the history from the audit log.
 */

/** A 1x1 PNG as base64, a photo from the field. */
const PHOTO = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let x: CaseTests;
beforeAll(async () => {
  x = await startCaseTests();
}, 120_000);
afterAll(async () => {
  await x?.t.close();
});

const detail = (id: number, as: Parameters<CaseTests['api']['ok']>[3] = 'companyadmin') =>
  x.api.ok<CaseDetail>('query', 'cases.detail', { id }, as);
const move = (id: number, to: string, reason?: string) =>
  x.api.ok<CaseDetail>('mutation', 'cases.transition', { id, to, ...(reason ? { reason } : {}) }, 'branchmanager');
const refused = (id: number, to: string, reason?: string) =>
  x.api.fail('mutation', 'cases.transition', { id, to, ...(reason ? { reason } : {}) }, 'branchmanager');

/** The case_reported notifications of case `id`: who was told. */
async function toldOf(id: number): Promise<number[]> {
  const rows = await x.db
    .select({ userId: inAppNotifications.userId })
    .from(inAppNotifications)
    .where(and(eq(inAppNotifications.kind, 'case_reported'), eq(inAppNotifications.link, `/cases/${id}`)));
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}

describe('reporting and routing', () => {
  it('numbers a new case next in the company, assigns the first assignNew admin and tells every notify admin', async () => {
    x.clock.set('2026-11-20T15:00:00.000Z');
    const first = await x.report('companyadmin', x.types.incident, x.f.bostonClientId, { description: 'Slipped on the rug' });
    const second = await x.report('companyadmin', x.types.complaint, x.f.bostonClientId);
    expect(second.number).toBe(first.number + 1);
    expect(first).toMatchObject({
      status: 'requested',
      priority: 'urgent',
      typeName: 'Incident',
      description: 'Slipped on the rug',
      assignee: { userId: x.people.branchManager },
      deadlines: {
        acknowledge: { dueAt: '2026-11-20T17:00:00.000Z', metAt: null, overdue: false },
        stateReport: { dueAt: '2026-11-21T15:00:00.000Z', metAt: null, overdue: false },
        resolve: { dueAt: '2026-11-23T15:00:00.000Z', metAt: null, overdue: false },
      },
    });
    expect(await toldOf(first.id)).toEqual([x.people.branchManager, x.people.nurse].sort((a, b) => a - b));
    // Beyond in-app, each admin's channels: office staff default to email (their preferences may change it).
    const emails = await x.db
      .select({ userId: outbox.userId, channel: outbox.channel })
      .from(outbox)
      .where(and(eq(outbox.kind, 'case_reported'), eq(outbox.userId, x.people.branchManager)));
    expect(emails.map((m) => m.channel)).toContain('email');
    // Complaints are routed to the branch manager only; the nurse is no complaint admin.
    expect(await toldOf(second.id)).toEqual([x.people.branchManager]);
  });

  it('routes a draft only when it is sent', async () => {
    const draft = await x.report('companyadmin', x.types.incident, x.f.bostonClientId, { draft: true });
    expect(draft).toMatchObject({ status: 'draft', assignee: null });
    expect(await toldOf(draft.id)).toEqual([]);
    const sent = await move(draft.id, 'requested');
    expect(sent.assignee?.userId).toBe(x.people.branchManager);
    expect(await toldOf(draft.id)).toHaveLength(2);
  });

  it('answers a replayed phone report with the same case, its photo stored once', async () => {
    const input = {
      shiftId: x.f.ownVisit.id,
      clientRecordId: '6f1c1b0e-3c39-4f7c-9f55-0d5e8f1a2b01',
      photos: [{ contentType: 'image/png', data: PHOTO }],
    };
    const first = await x.report('caregiver', x.types.incident, x.f.ownVisit.clientId, input);
    const again = await x.report('caregiver', x.types.incident, x.f.ownVisit.clientId, input);
    expect(again.id).toBe(first.id);
    expect(again.number).toBe(first.number);
    expect(first).toMatchObject({ shiftId: x.f.ownVisit.id, canWork: false, allowedTransitions: [], comments: [] });
    expect(first.attachments).toEqual([expect.objectContaining({ filename: 'photo-1.png', contentType: 'image/png' })]);
    const stored = await x.db.select().from(caseAttachments).where(eq(caseAttachments.caseId, first.id));
    expect(stored).toHaveLength(1);
    expect(await x.t.storage.exists(stored[0]!.storageKey)).toBe(true);
    const link = await x.api.ok<{ url: string }>(
      'query',
      'cases.attachmentLink',
      { id: first.id, attachmentId: stored[0]!.id },
      'caregiver',
    );
    expect(link.url).toMatch(/^\/api\/storage\/cases\//);
    const mine = await x.api.ok<CaseSummary[]>('query', 'cases.mine', {}, 'caregiver');
    expect(mine.map((c) => c.id)).toContain(first.id);
  });
});

describe('transitions', () => {
  it('moves along the allowed statuses, refusing the others with their messages', async () => {
    const c = await x.report('companyadmin', x.types.complaint, x.f.bostonClientId);
    expect(c.allowedTransitions).toEqual(['accepted', 'in-progress', 'cancelled']);
    expect(await refused(c.id, 'completed')).toMatchObject({
      status: 400,
      message: 'A case cannot go from requested to completed',
    });
    expect(await refused(c.id, 'cancelled')).toMatchObject({ status: 400, message: 'Give a reason to cancel the case' });
    x.clock.set('2026-11-20T16:00:00.000Z');
    const accepted = await move(c.id, 'accepted');
    expect(accepted.deadlines.acknowledge).toMatchObject({ metAt: '2026-11-20T16:00:00.000Z', overdue: false });
    await move(c.id, 'in-progress');
    x.clock.set('2026-11-21T10:00:00.000Z');
    const done = await move(c.id, 'completed');
    expect(done).toMatchObject({ status: 'completed', completedAt: '2026-11-21T10:00:00.000Z' });
    // The first acknowledgement stays.
    expect(done.deadlines.acknowledge.metAt).toBe('2026-11-20T16:00:00.000Z');
    expect(await refused(c.id, 'in-progress')).toMatchObject({ status: 400, message: 'Give a reason to reopen a closed case' });
    const reopened = await move(c.id, 'in-progress', 'The family called again');
    expect(reopened).toMatchObject({ status: 'in-progress', completedAt: null, lastReason: 'The family called again' });
    const cancelled = await move(c.id, 'cancelled', 'Reported twice');
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: '2026-11-21T10:00:00.000Z' });
    const history = await x.api.ok<CaseHistoryEntry[]>('query', 'cases.history', { id: c.id }, 'nurse');
    const statuses = history.flatMap((h) => h.changes.filter((ch) => ch.field === 'status').map((ch) => ch.to));
    expect(statuses).toEqual(['requested', 'accepted', 'in-progress', 'completed', 'in-progress', 'cancelled']);
    expect(history.at(-1)).toMatchObject({ what: 'case', operation: 'UPDATE' });
    // The assignee reads as a name, not a user id.
    const [manager] = await x.db.select({ name: users.name }).from(users).where(eq(users.id, x.people.branchManager));
    const assignees = history.flatMap((h) => h.changes.filter((ch) => ch.field === 'assignee_user_id').map((ch) => ch.to));
    expect(assignees).toEqual([manager!.name]);
  });

  it('completes a case only once its required module is completed, the module being a care form of the case', async () => {
    const c = await x.report('companyadmin', x.types.incident, x.f.bostonClientId);
    expect(c.modules).toEqual([expect.objectContaining({ required: true, careFormId: null, name: 'Incident report' })]);
    await move(c.id, 'in-progress');
    expect(await refused(c.id, 'completed')).toMatchObject({
      status: 400,
      message: 'Complete every required module before completing the case',
    });
    const module = c.modules[0]!.caseTypeModuleId;
    const started = await x.api.ok<{ careFormId: number }>(
      'mutation',
      'cases.startModule',
      { id: c.id, caseTypeModuleId: module },
      'nurse',
    );
    const again = await x.api.ok<{ careFormId: number }>(
      'mutation',
      'cases.startModule',
      { id: c.id, caseTypeModuleId: module },
      'branchmanager',
    );
    expect(again.careFormId).toBe(started.careFormId);
    const [form] = await x.db.select().from(careForms).where(eq(careForms.id, started.careFormId));
    expect(form).toMatchObject({ caseId: c.id, caseTypeModuleId: module, clientId: x.f.bostonClientId, status: 'in-progress' });
    expect((await detail(c.id)).modules[0]).toMatchObject({ careFormId: started.careFormId, careFormStatus: 'in-progress' });
    // The form signed (its filling and signing are the care forms' own tests).
    await x.db.update(careForms).set({ status: 'completed' }).where(eq(careForms.id, started.careFormId));
    expect((await detail(c.id)).allowedTransitions).toContain('completed');
    expect((await move(c.id, 'completed')).status).toBe('completed');
  });

  it('updates, comments and marks the state report', async () => {
    const c = await x.report('companyadmin', x.types.incident, x.f.bostonClientId);
    const updated = await x.api.ok<CaseDetail>(
      'mutation',
      'cases.update',
      { id: c.id, priority: 'stat', assigneeUserId: x.people.nurse, title: 'Fall with injury' },
      'branchmanager',
    );
    expect(updated).toMatchObject({ priority: 'stat', assignee: { userId: x.people.nurse }, title: 'Fall with injury' });
    const commented = await x.api.ok<CaseDetail>(
      'mutation',
      'cases.addComment',
      { id: c.id, body: 'Called the daughter' },
      'nurse',
    );
    expect(commented.comments).toEqual([
      expect.objectContaining({ body: 'Called the daughter', author: expect.objectContaining({ userId: x.people.nurse }) }),
    ]);
    const marked = await x.api.ok<CaseDetail>(
      'mutation',
      'cases.markStateReported',
      { id: c.id, note: 'DPPC 123' },
      'branchmanager',
    );
    expect(marked).toMatchObject({ stateReportNote: 'DPPC 123', deadlines: { stateReport: { overdue: false } } });
    expect(marked.deadlines.stateReport.metAt).not.toBeNull();
  });
});

describe('deadlines', () => {
  it('turns each deadline overdue after its due time, at the clock of the request', async () => {
    x.clock.set('2026-12-01T08:00:00.000Z');
    const c = await x.report('companyadmin', x.types.incident, x.f.bostonClientId);
    x.clock.set('2026-12-01T10:00:00.000Z');
    expect((await detail(c.id)).deadlines.acknowledge.overdue).toBe(false);
    x.clock.set('2026-12-01T10:00:01.000Z');
    const late = await detail(c.id);
    expect(late).toMatchObject({ overdue: true, deadlines: { acknowledge: { overdue: true }, stateReport: { overdue: false } } });
    const acked = await move(c.id, 'accepted');
    expect(acked).toMatchObject({ overdue: false, deadlines: { acknowledge: { overdue: false } } });
    x.clock.set('2026-12-02T08:00:01.000Z');
    expect((await detail(c.id)).deadlines.stateReport.overdue).toBe(true);
    await x.api.ok('mutation', 'cases.markStateReported', { id: c.id }, 'branchmanager');
    expect(await detail(c.id)).toMatchObject({
      overdue: false,
      deadlines: { stateReport: { metAt: '2026-12-02T08:00:01.000Z' } },
    });
    x.clock.set('2026-12-04T08:00:01.000Z');
    expect((await detail(c.id)).deadlines.resolve.overdue).toBe(true);
    expect((await move(c.id, 'cancelled', 'Duplicate')).overdue).toBe(false);
  });
});
