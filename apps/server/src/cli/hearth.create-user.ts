import { asc, sql } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword } from 'better-auth/crypto';
import { passwordPolicyError } from '@hearth/shared/auth/password.rules';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { Db } from '../db/client';
import { levelOf } from '../auth/caller';
import { companies } from '../features/companies/companies.schema';
import { addDefaultCaseTypes } from '../features/cases/cases.defaults';
import { roles } from '../features/roles/roles.schema';
import { accounts, branchUsers, users } from '../features/users/users.schema';
import { CliError, UsageError, withDatabase, type CliContext } from './hearth.context';
import { prepareDatabase } from './hearth.migrate';
import { companyNamed, findBranch, findCompany } from './hearth.lookup';

/** What `create-user` is given; username, email, name and a password (--password or --password-stdin) are required. */
export interface CreateUserArgs {
  username?: string;
  email?: string;
  name?: string;
  password?: string;
  /** Read the password from the first line of standard input (kept out of the shell history and process list). */
  passwordStdin?: boolean;
  /** A role's name (case-insensitive) or id; default Company Admin. */
  role?: string;
  /** A company's name or id; a new name creates that company for its first Company Admin. */
  company?: string;
  /** Branches (names or ids) of a branch-level role. */
  branch?: string[];
}

/** better-auth's username rule (its username plugin's defaults): 3 to 30 letters, digits, "_" or ".". */
const USERNAME = /^[A-Za-z0-9_.]{3,30}$/;

/** Roles whose users belong to a caregiver, client or contact record, made with that record in the app. */
const RECORD_ROLE_IDS: number[] = [ROLE_IDS.caregiver, ROLE_IDS.client, ROLE_IDS.trustedContact];

/**
 * The password: --password, or with --password-stdin the first line of standard input (as `docker login
 * --password-stdin`), so it stays out of the shell history and the process list.
 * @throws UsageError for both or neither; CliError when standard input gives no line.
 */
async function passwordOf(ctx: CliContext, args: CreateUserArgs): Promise<string> {
  if (!args.passwordStdin) {
    if (!args.password) throw new UsageError('create-user needs --password or --password-stdin');
    return args.password;
  }
  if (args.password !== undefined) throw new UsageError('Give --password or --password-stdin, not both');
  const line = ctx.io.readLine ? await ctx.io.readLine() : null;
  if (!line) {
    throw new CliError(
      '--password-stdin read no password: pipe it in, e.g. printf \'%s\\n\' "$PASSWORD" | npm run hearth -- create-user ...',
    );
  }
  return line;
}

/** The fields, checked (all present). @throws CliError for a bad value (the username rule, the email, the password rule). */
function checkFields(args: CreateUserArgs & { password: string }) {
  const username = args.username!.trim();
  if (!USERNAME.test(username)) throw new CliError('The username must be 3 to 30 letters, digits, "_" or "."');
  const email = args.email!.trim().toLowerCase();
  if (!z.email().safeParse(email).success) throw new CliError(`Invalid email: ${args.email}`);
  const weak = passwordPolicyError(args.password);
  if (weak) throw new CliError(`Weak password: ${weak}`);
  const name = args.name!.trim().replace(/\s+/g, ' ');
  const space = name.lastIndexOf(' ');
  const [firstName, lastName] = space === -1 ? [name, ''] : [name.slice(0, space), name.slice(space + 1)];
  return { username, email, name, firstName, lastName, password: args.password };
}

/** The role named (or numbered) `text`. @throws CliError "Unknown role X; roles: ..." and for a record role. */
async function findRole(db: Db, text: string) {
  const all = await db.select().from(roles).orderBy(asc(roles.id));
  const role = all.find((r) => r.name.toLowerCase() === text.trim().toLowerCase() || String(r.id) === text.trim());
  const staff = all.filter((r) => !RECORD_ROLE_IDS.includes(r.id));
  if (!role) throw new CliError(`Unknown role ${text}; roles: ${staff.map((r) => r.name).join(', ')}`);
  if (RECORD_ROLE_IDS.includes(role.id)) {
    throw new CliError(`${role.name} users come with their ${role.name.toLowerCase()} record: create them in the app`);
  }
  return role;
}

/**
 * The user's company: the one named (by name or id), else the only one. A name no company has is a new agency,
 * created with its first user, who must then be its Company Admin (a new install, or a real agency beside the demo
 * one): `id` is then null.
 * @throws CliError when there is no company and none is named, when several exist and none is named (findCompany),
 * and for a new name with another role than Company Admin (naming the companies there are).
 */
async function chooseCompany(db: Db, text: string | undefined, roleId: number): Promise<{ id: number | null; name: string }> {
  if (text === undefined || !text.trim()) {
    const only = await findCompany(db, undefined);
    if (!only) throw new CliError('There is no company yet: name the agency with --company "<name>"');
    return only;
  }
  const { company, others } = await companyNamed(db, text);
  if (company) return company;
  if (roleId !== ROLE_IDS.companyAdmin) {
    throw new CliError(
      `Company ${text} not found; companies: ${others.join(', ') || 'none'} (a new company starts with its Company Admin)`,
    );
  }
  return { name: text.trim().replace(/\s+/g, ' '), id: null };
}

/**
 * A new agency named `name`, with the default case types (issue 24: an agency takes incident reports from its first
 * day, not from the server's next start, which is when ensureCaseTypes would reach it).
 * @returns the company's id.
 */
async function newCompany(db: Db, name: string): Promise<number> {
  const [created] = await db.insert(companies).values({ name }).returning({ id: companies.id });
  await addDefaultCaseTypes(db, created!.id);
  return created!.id;
}

/**
 * `create-user`: a staff user who can sign in with a password (better-auth credential account, hashed as
 * better-auth hashes it), typically the first Company Admin of an agency (chooseCompany: a new --company name creates
 * the agency, also beside the demo one). The password (--password, or --password-stdin: passwordOf) must pass the
 * shared policy (spec section 5); it prints the sign-in address the server answers at (config.publicUrl);
 * branch-level roles (Branch Manager, RVP, Nurse, PRN) need their --branch links, company and system roles take none.
 * Written in one transaction: nothing is left of a refused user.
 * @returns the new user's id.
 * @throws UsageError for missing options; CliError "A user named U already exists", "A user with the email E
 * already exists", "Weak password: <rule>", "Unknown role X; roles: ...", and from chooseCompany / findBranch.
 */
export async function createUserCommand(ctx: CliContext, args: CreateUserArgs): Promise<number> {
  const missing = (['username', 'email', 'name'] as const).filter((k) => !args[k]?.trim());
  if (missing.length) throw new UsageError(`create-user needs ${missing.map((k) => `--${k}`).join(', ')}`);
  const fields = checkFields({ ...args, password: await passwordOf(ctx, args) });
  return withDatabase(ctx.config, async (database) => {
    const db = database.db;
    await prepareDatabase(database);
    const role = await findRole(db, args.role ?? 'Company Admin');
    const taken = await db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(sql`${users.username} = ${fields.username.toLowerCase()} or lower(${users.email}) = ${fields.email}`);
    if (taken.some((u) => u.username === fields.username.toLowerCase())) {
      throw new CliError(`A user named ${fields.username} already exists`);
    }
    if (taken.length) throw new CliError(`A user with the email ${fields.email} already exists`);
    const company = await chooseCompany(db, args.company, role.id);
    const branchLevel = levelOf(role) === 'branch';
    const branchNames = args.branch ?? [];
    if (branchLevel && branchNames.length === 0) throw new CliError(`A ${role.name} works in branches: name them with --branch`);
    if (!branchLevel && branchNames.length > 0) throw new CliError(`A ${role.name} reaches every branch: leave out --branch`);
    const branchIds: number[] = [];
    for (const text of branchNames) branchIds.push((await findBranch(db, company.id, text)).id);
    const passwordHash = await hashPassword(fields.password);

    const userId = await db.transaction(async (tx) => {
      const companyId = company.id ?? (await newCompany(tx, company.name));
      const [user] = await tx
        .insert(users)
        .values({
          username: fields.username.toLowerCase(),
          displayUsername: fields.username,
          email: fields.email,
          emailVerified: true,
          name: fields.name,
          firstName: fields.firstName,
          lastName: fields.lastName,
          companyId,
          roleId: role.id,
          v2RoleId: role.id <= ROLE_IDS.prn ? role.id : null,
        })
        .returning({ id: users.id });
      await tx
        .insert(accounts)
        .values({ userId: user!.id, accountId: String(user!.id), providerId: 'credential', password: passwordHash });
      if (branchIds.length) await tx.insert(branchUsers).values(branchIds.map((branchId) => ({ branchId, userId: user!.id })));
      return user!.id;
    });
    const where = company.id === null ? `the new company ${company.name}` : company.name;
    ctx.io.out(`Created ${role.name} ${fields.username.toLowerCase()} (${fields.email}) in ${where}`);
    // config.publicUrl is what the server itself announces and checks sign-in origins against (config.ts: PUBLIC_URL,
    // else http://localhost:PORT), read from this command's environment as `npm start` reads its own.
    const signIn = `${ctx.config.publicUrl.replace(/\/+$/, '')}/login`;
    ctx.io.out(
      `Sign in at ${signIn} with the username or the email and the password ` +
        '(Hearth answers there when npm start runs with this PORT and PUBLIC_URL)',
    );
    return userId;
  });
}
