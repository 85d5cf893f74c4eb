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

/** How the operator names who a command acts for: `--as <username>`, `--company <name or id>`, `--branch <name or id>`. */
export interface ActingChoice {
  as?: string;
  company?: string;
  branch?: string;
}

/** Who a command acts as, and the company it works in (null: every company, for a system-level user). */
export interface Acting {
  caller: Caller;
  companyId: number | null;
}

/** The caller of a user found by id, as a CliError when they are deactivated or gone. */
async function callerOf(db: Db, id: number, username: string): Promise<Caller> {
  const caller = await callerOfUser(db, id).catch((error: Error) => {
    throw new CliError(error.message);
  });
  if (!caller) throw new CliError(`No user named ${username}`);
  return caller;
}

/** The active admins: Company Admins (company level) with their company, and system-level users (Developer). */
async function activeAdmins(db: Db) {
  return db
    .select({
      id: users.id,
      username: users.username,
      companyId: users.companyId,
      company: companies.name,
      system: roles.hasSystemLevelAccess,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.isActive, true), or(eq(roles.hasSystemLevelAccess, true), eq(roles.hasCompanyLevelAccess, true))))
    .orderBy(asc(users.username));
}

/**
 * The company a command without --as works in: --company, else the company of --branch when the branch's name (or
 * id) is in one company only, else the only company.
 * @returns the company's id and name.
 * @throws CliError naming the companies and the admins who could act ("name yours with --company ... or the acting
 * user with --as ...") when nothing tells them apart; "Company X not found"; "Branch X not found; branches: ...";
 * "No company yet".
 */
async function actingCompany(
  db: Db,
  choice: ActingChoice,
  admins: { username: string; companyId: number | null; company: string | null; system: boolean }[],
) {
  if (choice.company !== undefined) {
    const { company, others } = await companyNamed(db, choice.company);
    if (!company) throw new CliError(`Company ${choice.company} not found; companies: ${others.join(', ') || 'none'}`);
    return company;
  }
  const all = await db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.id));
  if (all.length === 0) throw new CliError('No company yet: create the first admin with create-user --company "<name>"');
  if (all.length === 1) return all[0]!;
  let candidates = all;
  if (choice.branch !== undefined) {
    const id = asId(choice.branch);
    const named = await db
      .select({ companyId: branches.companyId })
      .from(branches)
      .where(id !== null ? eq(branches.id, id) : sql`lower(${branches.name}) = ${choice.branch.trim().toLowerCase()}`);
    const owners = new Set(named.map((b) => b.companyId));
    if (owners.size === 0) await findBranch(db, null, choice.branch); // throws "Branch X not found; branches: ..."
    if (owners.size === 1) return all.find((c) => owners.has(c.id))!;
    candidates = all.filter((c) => owners.has(c.id));
  }
  const where = choice.branch !== undefined ? `Branch ${choice.branch} is in` : 'There are';
  const who = admins.filter((a) => !a.system && candidates.some((c) => c.id === a.companyId));
  throw new CliError(
    `${where} several companies (${candidates.map((c) => c.name).join(', ')}): name yours with --company` +
      (who.length ? `, or the acting user with --as (${who.map((a) => `${a.username} of ${a.company}`).join(', ')})` : ''),
  );
}

/**
 * Who an import or export acts as, with their role and branches as if they signed in now; it is recorded as theirs
 * and runs with their permissions. `--as <username>` names the user (and --company, when given, must be theirs).
 * Without it the command acts as the Company Admin of the company it works in (actingCompany: --company, the
 * company of --branch, or the only one) when that company has exactly one active Company Admin, else as the only
 * active system-level user (Developer).
 * @returns the caller and the company the command works in (the caller's; for a system-level user --company's, or
 * null for every company).
 * @throws CliError "No user named U", for a deactivated user, a user outside --company, and when no admin or several
 * could act (naming them and --as), and from actingCompany.
 */
export async function actingUser(db: Db, choice: ActingChoice): Promise<Acting> {
  if (choice.as !== undefined) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, choice.as.trim().toLowerCase()));
    if (!user) throw new CliError(`No user named ${choice.as}`);
    const caller = await callerOf(db, user.id, choice.as);
    const company = choice.company === undefined ? null : await findCompany(db, choice.company);
    if (caller.level === 'system') return { caller, companyId: company?.id ?? null };
    if (company && company.id !== caller.user.companyId) {
      throw new CliError(`${caller.user.username} works for another company than ${company.name}`);
    }
    return { caller, companyId: caller.user.companyId };
  }
  const admins = await activeAdmins(db);
  const company = await actingCompany(db, choice, admins);
  const ofCompany = admins.filter((a) => !a.system && a.companyId === company.id);
  const system = admins.filter((a) => a.system);
  if (ofCompany.length > 1) {
    throw new CliError(
      `Several admins of ${company.name} could act: choose one with --as (${ofCompany.map((a) => a.username).join(', ')})`,
    );
  }
  const admin = ofCompany[0] ?? (system.length === 1 ? system[0] : undefined);
  if (!admin) {
    const named = system.length ? ` (${system.map((a) => a.username).join(', ')})` : '';
    throw new CliError(
      `No Company Admin of ${company.name} yet: create one with create-user --company "${company.name}", or name a user with --as${named}`,
    );
  }
  const caller = await callerOf(db, admin.id, admin.username);
  return { caller, companyId: company.id };
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

/** Every company, by id. */
async function allCompanies(db: Db) {
  return db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.id));
}

/** The company whose name (case-insensitive) or id is `text`, among `all`. */
function matchCompany(all: { id: number; name: string }[], text: string) {
  return all.find((c) => c.name.toLowerCase() === text.trim().toLowerCase() || String(c.id) === text.trim());
}

/**
 * The company named `text` (name, case-insensitive, or id), if there is one.
 * @returns its id and name, or null; `others` names every company there is (for a message).
 */
export async function companyNamed(db: Db, text: string) {
  const all = await allCompanies(db);
  return { company: matchCompany(all, text) ?? null, others: all.map((c) => c.name) };
}

/**
 * The company named by name (case-insensitive) or id, else the only one.
 * @returns its id and name, or null when there is no company at all (a new install).
 * @throws CliError when several exist and none is named ("choose one with --company"), or the one named is not
 * found (listing the companies there are).
 */
export async function findCompany(db: Db, text: string | undefined): Promise<{ id: number; name: string } | null> {
  const all = await allCompanies(db);
  if (all.length === 0) return null;
  if (text === undefined) {
    if (all.length > 1) throw new CliError(`Several companies: choose one with --company (${all.map((c) => c.name).join(', ')})`);
    return all[0]!;
  }
  const company = matchCompany(all, text);
  if (!company) throw new CliError(`Company ${text} not found; companies: ${all.map((c) => c.name).join(', ')}`);
  return company;
}
