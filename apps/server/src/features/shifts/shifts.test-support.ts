import { DateTime } from 'luxon';
import { eq } from 'drizzle-orm';
import type { ClientOutput } from '@hearth/shared/clients/clients.schema';
import type { ShiftOutput, ShiftSaveOutput } from '@hearth/shared/shifts/shifts.schema';
import type { TestApp } from '../../test/test-app';
import { clientFixtures, signInAll } from '../clients/clients.test-support';
import { caregivers } from '../caregivers/caregivers.schema';
import { users } from '../users/users.schema';

/** An ISO UTC time from a wall-clock time in New York (the demo branches' zone): "2031-06-03 09:00". */
export function ny(local: string): string {
  return DateTime.fromFormat(local, 'yyyy-MM-dd HH:mm', { zone: 'America/New_York' }).toUTC().toISO()!;
}

/**
 * What the shift tests build on, on top of clientFixtures (Boston, Worcester, payer sources): signed-in callers,
 * and makers of fresh clients and caregivers, so that demo data never meets the assertions.
 */
export async function shiftFixtures(t: TestApp) {
  const base = await clientFixtures(t);
  const api = await signInAll(t);
  const db = t.database.db;

  /** A fresh active caregiver (Boston unless told), with a phone number and an email unless told. */
  async function addCaregiver(patch: Partial<typeof caregivers.$inferInsert> & { firstName: string; lastName: string }) {
    const [row] = await db
      .insert(caregivers)
      .values({
        branchId: base.boston.id,
        phoneNumber: '617-555-0100',
        email: `${patch.firstName}.${patch.lastName}@example.com`.toLowerCase(),
        ...patch,
      })
      .returning();
    return row!;
  }

  /** A fresh client (Boston unless told), created by the developer. */
  async function addClient(firstName: string, lastName: string, branchId = base.boston.id) {
    return api.ok<ClientOutput>('mutation', 'createClient', { branchId, firstName, lastName }, 'developer');
  }

  /** Creates a shift as a user (branchmanager by default); fails loudly on any error. */
  async function createShift(input: Record<string, unknown>, as = 'branchmanager') {
    return api.ok<ShiftSaveOutput>('mutation', 'createShift', input, as);
  }

  /** Creates a shift and returns it (not a dry run). */
  async function shift(input: Record<string, unknown>, as = 'branchmanager'): Promise<ShiftOutput> {
    return (await createShift(input, as)).shift!;
  }

  /** The users.id of a demo user. */
  async function userId(username: string): Promise<number> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
    return row!.id;
  }

  return { ...base, api, db, addCaregiver, addClient, createShift, shift, userId };
}
