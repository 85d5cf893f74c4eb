import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Scope } from '../../auth/scope';
import { branchUsers, users } from '../users/users.schema';

// Reading and writing the rows of a person's records (cash advances, credentials, nurse assessments, contacts):
// the few statements their services would otherwise each write out in the same shape.

/** A row with its two timestamps as the API writes them: ISO 8601 UTC strings instead of Dates. */
export type WithIsoTimestamps<T extends { createdAt: Date; updatedAt: Date }> = Omit<T, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};

/** `row` with createdAt and updatedAt as ISO 8601 UTC strings; every other field as it is. */
export function withIsoTimestamps<T extends { createdAt: Date; updatedAt: Date }>(row: T): WithIsoTimestamps<T> {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * The rows of `table` matching `where` in `orderBy` order, each with the name of the user `userId` points to
 * (null when none, or when that user is gone): e.g. a cash advance with who recorded it.
 */
export async function selectWithUserName<T extends PgTable>(
  scope: Scope,
  table: T,
  userId: PgColumn,
  where: SQL,
  orderBy: SQL[],
): Promise<{ row: T['$inferSelect']; userName: string | null }[]> {
  const rows = await scope.db
    .select({ row: table as PgTable, userName: users.name })
    .from(table as PgTable)
    .leftJoin(users, eq(users.id, userId))
    .where(where)
    .orderBy(...orderBy);
  return rows as { row: T['$inferSelect']; userName: string | null }[];
}

/**
 * Inserts one row into `table` and answers its new id.
 * @throws Error "<what> insert returned nothing" when the database returns no row (a server fault, a 500).
 */
export async function insertReturningId<T extends PgTable & { id: PgColumn }>(
  scope: Scope,
  table: T,
  what: string,
  values: T['$inferInsert'],
): Promise<number> {
  const [row] = await scope.db.insert(table).values(values).returning({ id: table.id });
  if (!row) throw new Error(`${what} insert returned nothing`);
  return row.id as number;
}

/**
 * Creates the sign-in user of a person (a caregiver, a client or a client's trusted contact) in the person's
 * company, named "First Last", with `fields` (username, email, role...), and gives it the person's branch.
 * @returns the new user's id.
 * @throws Error "user insert returned nothing" when the database returns no row (a 500).
 */
export async function insertPersonUser(
  scope: Scope,
  person: { firstName: string; lastName: string; companyId: number; branchId: number },
  fields: Omit<typeof users.$inferInsert, 'name' | 'firstName' | 'lastName' | 'companyId'>,
): Promise<number> {
  const { firstName, lastName, companyId } = person;
  const userId = await insertReturningId(scope, users, 'user', {
    ...fields,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    companyId,
  });
  await scope.db.insert(branchUsers).values({ userId, branchId: person.branchId });
  return userId;
}
