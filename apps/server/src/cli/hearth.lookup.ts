import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { callerOfUser } from '../auth/caller-of-user';
import type { Caller } from '../auth/caller';
import { users } from '../features/users/users.schema';
import { roles } from '../features/roles/roles.schema';
import { branches } from '../features/branches/branches.schema';
import { payerSources } from '../features/payer-sources/payer-sources.schema';
import { companies } from '../features/companies/companies.schema';
import { CliError } from './hearth.context';

/**
 * Finding what an operator names on the command line: the user a command acts as, a branch or a payer source by
 * name or id.
 */

/** Whether `text` is a record id (a positive whole number) rather than a name. */
function asId(text: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : null;
}

/**
 * The user a command acts as (`--as <username>`), with their role and branches as if they signed in now; an import
 * or export is recorded as theirs and runs with their permissions. Without a username: the only active Company Admin
 * (company level), else the only active system-level user (Developer).
 * @throws CliError "No user named U", for a deactivated user, and when no admin or several could act ("choose one
 * with --as", naming them).
 */
export async function actingUser(db: Db, username: string | undefined): Promise<Caller> {
  if (username !== undefined) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username.trim().toLowerCase()));
    if (!user) throw new CliError(`No user named ${username}`);
    const caller = await callerOfUser(db, user.id).catch((error: Error) => {
      throw new CliError(error.message);
    });
    if (!caller) throw new CliError(`No user named ${username}`);
    return caller;
  }
  const admins = await db
    .select({ id: users.id, username: users.username, system: roles.hasSystemLevelAccess })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.isActive, true), or(eq(roles.hasSystemLevelAccess, true), eq(roles.hasCompanyLevelAccess, true))))
    .orderBy(asc(users.username));
  const companyAdmins = admins.filter((a) => !a.system);
  const candidates = companyAdmins.length > 0 ? companyAdmins : admins;
  if (candidates.length === 0) throw new CliError('No admin user yet: create one with create-user, or name a user with --as');
  if (candidates.length > 1) {
    throw new CliError(`Several admins could act: choose one with --as (${candidates.map((c) => c.username).join(', ')})`);
  }
  const caller = await callerOfUser(db, candidates[0]!.id);
  if (!caller) throw new CliError(`No user named ${candidates[0]!.username}`);
  return caller;
}

/**
 * A branch named by id or by name (case-insensitive), among the branches of `companyId` (all when null).
 * @returns its id, name and company.
 * @throws CliError "Branch X not found" listing the branches there are, or naming the ids when a name is ambiguous.
 */
export async function findBranch(db: Db, companyId: number | null, text: string) {
  const id = asId(text);
  const rows = await db
    .select({ id: branches.id, name: branches.name, companyId: branches.companyId })
    .from(branches)
    .where(companyId === null ? undefined : eq(branches.companyId, companyId))
    .orderBy(asc(branches.id));
  const matches = rows.filter((b) => (id !== null ? b.id === id : b.name.toLowerCase() === text.trim().toLowerCase()));
  if (matches.length > 1) {
    throw new CliError(`Several branches are named ${text}: give the id (${matches.map((b) => b.id).join(', ')})`);
  }
  if (!matches[0]) {
    const known = rows.map((b) => `${b.name} (${b.id})`).join(', ');
    throw new CliError(`Branch ${text} not found${known ? `; branches: ${known}` : ''}`);
  }
  return matches[0];
}

/**
 * A payer source named by id or by name (case-insensitive) among those of `companyId` (all when null).
 * @returns its id and name.
 * @throws CliError "Payer source X not found" (or ambiguous), as findBranch.
 */
export async function findPayerSource(db: Db, companyId: number | null, text: string) {
  const id = asId(text);
  const rows = await db
    .select({ id: payerSources.id, name: payerSources.name })
    .from(payerSources)
    .where(
      and(
        companyId === null ? undefined : eq(payerSources.companyId, companyId),
        id !== null ? eq(payerSources.id, id) : sql`lower(${payerSources.name}) = ${text.trim().toLowerCase()}`,
      ),
    )
    .orderBy(asc(payerSources.id));
  if (rows.length > 1) {
    throw new CliError(`Several payer sources are named ${text}: give the id (${rows.map((p) => p.id).join(', ')})`);
  }
  if (!rows[0]) throw new CliError(`Payer source ${text} not found`);
  return rows[0];
}

/**
 * The company named by name (case-insensitive) or id, else the only one.
 * @returns its id and name, or null when there is no company at all (a new install).
 * @throws CliError when several exist and none is named ("choose one with --company"), or the one named is not
 * found (listing the companies there are).
 */
export async function findCompany(db: Db, text: string | undefined): Promise<{ id: number; name: string } | null> {
  const all = await db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.id));
  if (all.length === 0) return null;
  if (text === undefined) {
    if (all.length > 1) throw new CliError(`Several companies: choose one with --company (${all.map((c) => c.name).join(', ')})`);
    return all[0]!;
  }
  const company = all.find((c) => c.name.toLowerCase() === text.trim().toLowerCase() || String(c.id) === text.trim());
  if (!company) throw new CliError(`Company ${text} not found; companies: ${all.map((c) => c.name).join(', ')}`);
  return company;
}
