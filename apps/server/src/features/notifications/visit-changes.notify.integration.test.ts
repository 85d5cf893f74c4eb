import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { startTestApp, type TestApp } from '../../test/test-app';
import { ny, shiftFixtures } from '../shifts/shifts.test-support';
import { users } from '../users/users.schema';
import { outbox } from '../notify/notify.schema';
import { inAppNotifications } from './notifications.schema';

let t: TestApp;
let f: Awaited<ReturnType<typeof shiftFixtures>>;
let client: { id: number };
const aides: Record<'maria' | 'john', { caregiverId: number; userId: number }> = {} as never;
let unsignedAide: { id: number };

/** A caregiver of Boston with their own sign-in user (role Caregiver), as the caregiver app needs. */
async function aideWithUser(firstName: string, language: 'en' | 'es') {
  const [user] = await f.db
    .insert(users)
    .values({
      username: `${firstName.toLowerCase()}.visits`,
      email: `${firstName.toLowerCase()}.visits@example.com`,
      name: `${firstName} Aide`,
      phoneNumber: '+16175550142',
      companyId: f.boston.companyId,
      roleId: ROLE_IDS.caregiver,
      language,
    })
    .returning();
  const caregiver = await f.addCaregiver({ firstName, lastName: 'Visits', userId: user!.id });
  return { caregiverId: caregiver.id, userId: user!.id };
}

/** The in-app notifications of a user since `sinceId`, oldest first. */
async function inAppOf(userId: number, sinceId = 0) {
  return f.db
    .select()
    .from(inAppNotifications)
    .where(and(eq(inAppNotifications.userId, userId), gt(inAppNotifications.id, sinceId)))
    .orderBy(inAppNotifications.id);
}

async function lastId(): Promise<number> {
  const rows = await f.db.select({ id: inAppNotifications.id }).from(inAppNotifications);
  return Math.max(0, ...rows.map((r) => r.id));
}

beforeAll(async () => {
  t = await startTestApp();
  f = await shiftFixtures(t);
  client = await f.addClient('Olga', 'Nunes');
  aides.maria = await aideWithUser('Maria', 'en');
  aides.john = await aideWithUser('John', 'es');
  unsignedAide = await f.addCaregiver({ firstName: 'Paul', lastName: 'Nosign' });
});
afterAll(() => t.close());

describe('a caregiver hears of changes to their visits', () => {
  it('is told of a new visit in their language, in-app and by text (push cannot reach them yet)', async () => {
    const since = await lastId();
    const shift = await f.shift({
      clientId: client.id,
      caregiverId: aides.maria.caregiverId,
      startTimestamp: ny('2031-03-07 09:00'),
      endTimestamp: ny('2031-03-07 13:00'),
    });
    const [note] = await inAppOf(aides.maria.userId, since);
    expect(note).toMatchObject({
      kind: 'visit_assigned',
      title: 'New visit assigned',
      body: 'You have a visit with Olga N. on Fri 03/07/31 9:00 AM-1:00 PM EST.',
      link: '/app',
    });
    const sent = await f.db
      .select({ channel: outbox.channel, recipient: outbox.recipient })
      .from(outbox)
      .where(and(eq(outbox.userId, aides.maria.userId), eq(outbox.kind, 'visit_assigned')));
    // Push is their default too, but no browser of theirs has it on: the text carries it (withPushStandIn).
    expect(sent.map((m) => m.channel).sort()).toEqual(['sms']);

    // Moved across the spring DST change: the new time on the branch's wall clock.
    await f.api.ok(
      'mutation',
      'updateShift',
      {
        id: shift.id,
        startTimestamp: ny('2031-03-10 10:00'),
        endTimestamp: ny('2031-03-10 14:00'),
      },
      'branchmanager',
    );
    const [moved] = await inAppOf(aides.maria.userId, note!.id);
    expect(moved).toMatchObject({
      kind: 'visit_moved',
      body: 'Your visit with Olga N. moved to Mon 03/10/31 10:00 AM-2:00 PM EDT.',
    });

    // Notes only: nobody is told.
    await f.api.ok('mutation', 'updateShift', { id: shift.id, notes: 'Gate code 4411' }, 'branchmanager');
    expect(await inAppOf(aides.maria.userId, moved!.id)).toEqual([]);

    // Given to John (Spanish): Maria hears it is no longer hers, John that it is his.
    await f.api.ok('mutation', 'updateShift', { id: shift.id, caregiverId: aides.john.caregiverId }, 'branchmanager');
    const [taken] = await inAppOf(aides.maria.userId, moved!.id);
    expect(taken).toMatchObject({ kind: 'visit_unassigned', title: 'Visit no longer yours' });
    const [given] = await inAppOf(aides.john.userId);
    expect(given).toMatchObject({ kind: 'visit_assigned', title: 'Nueva visita asignada' });
    expect(given!.body).toMatch(/^Tiene una visita con Olga N\. el lun, 10\/3\/31/);

    // Cancelled: John is told once, even when the cancel is repeated.
    await f.api.ok('mutation', 'deleteShift', { id: shift.id, reason: 'Client in hospital' }, 'branchmanager');
    await f.api.ok('mutation', 'deleteShift', { id: shift.id, reason: 'Client in hospital' }, 'branchmanager');
    const afterGiven = await inAppOf(aides.john.userId, given!.id);
    expect(afterGiven.map((n) => [n.kind, n.title])).toEqual([['visit_cancelled', 'Visita cancelada']]);
  });

  it('tells nobody of a visit that a refused or dry-run change never saved', async () => {
    const since = await lastId();
    await f.createShift({
      clientId: client.id,
      caregiverId: aides.maria.caregiverId,
      startTimestamp: ny('2031-04-01 09:00'),
      endTimestamp: ny('2031-04-01 10:00'),
      dryRun: true,
    });
    const clash = await f.shift({
      clientId: client.id,
      caregiverId: aides.maria.caregiverId,
      startTimestamp: ny('2031-04-02 09:00'),
      endTimestamp: ny('2031-04-02 10:00'),
    });
    const before = await inAppOf(aides.maria.userId, since);
    expect(before.map((n) => n.kind)).toEqual(['visit_assigned']);
    // An overlapping visit is refused (409): its transaction rolls back, and its notification with it.
    const refused = await f.api.fail('mutation', 'createShift', {
      clientId: client.id,
      caregiverId: aides.maria.caregiverId,
      startTimestamp: ny('2031-04-02 09:30'),
      endTimestamp: ny('2031-04-02 10:30'),
    });
    expect(refused.status).toBe(409);
    expect(await inAppOf(aides.maria.userId, before[0]!.id)).toEqual([]);
    expect(clash.id).toBeGreaterThan(0);
  });

  it('tells nobody of corrections to a visit that is over, or of a caregiver without a sign-in', async () => {
    const since = await lastId();
    const past = await f.shift({
      clientId: client.id,
      caregiverId: aides.maria.caregiverId,
      startTimestamp: ny('2020-05-01 09:00'),
      endTimestamp: ny('2020-05-01 13:00'),
    });
    await f.api.ok('mutation', 'updateShift', { id: past.id, endTimestamp: ny('2020-05-01 12:30') }, 'branchmanager');
    await f.shift({
      clientId: client.id,
      caregiverId: unsignedAide.id,
      startTimestamp: ny('2031-05-01 09:00'),
      endTimestamp: ny('2031-05-01 13:00'),
    });
    expect(await inAppOf(aides.maria.userId, since)).toEqual([]);
    expect((await f.db.select().from(inAppNotifications)).filter((n) => n.id > since)).toEqual([]);
  });
});
