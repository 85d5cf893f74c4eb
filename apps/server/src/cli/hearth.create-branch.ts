import { and, eq, sql } from 'drizzle-orm';
import { ZBranchFields } from '@hearth/shared/branches/branches.schema';
import { branches } from '../features/branches/branches.schema';
import { CliError, UsageError, withDatabase, type CliContext } from './hearth.context';
import { prepareDatabase } from './hearth.migrate';
import { findCompany } from './hearth.lookup';

/** What `create-branch` is given: the branch form's fields (ZBranchFields) and the company. */
export interface CreateBranchArgs {
  name?: string;
  /** A company's name or id; default the only company. */
  company?: string;
  region?: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  timezone?: string;
  /** Whole metres, as text from the command line. */
  geofence?: string;
}

/**
 * `create-branch`: an office of the agency (there is no page to add one; /admin/branches edits them), so a new
 * install can import clients and caregivers into it. The fields are checked by the branch form's schema
 * (ZBranchFields: the time zone an IANA name, default America/New_York; the geofence radius 10 to 5000 metres,
 * default 150); the name must be new in its company (case-insensitive).
 * @returns the new branch's id.
 * @throws UsageError without --name; CliError naming the first invalid field ("timezone: ..."), "A branch named X
 * already exists", when there is no company yet, and from findCompany.
 */
export async function createBranchCommand(ctx: CliContext, args: CreateBranchArgs): Promise<number> {
  if (!args.name?.trim()) throw new UsageError('create-branch needs --name');
  const geofence = args.geofence === undefined ? undefined : Number(args.geofence);
  const parsed = ZBranchFields.safeParse({
    name: args.name,
    region: args.region,
    addressLine1: args.address,
    city: args.city,
    state: args.state?.toUpperCase(),
    zip: args.zip,
    timezone: args.timezone,
    geofenceRadiusMetres: geofence,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliError(`${issue.path.join('.') || 'branch'}: ${issue.message}`);
  }
  const fields = parsed.data;
  return withDatabase(ctx.config, async (database) => {
    const db = database.db;
    await prepareDatabase(database);
    const company = await findCompany(db, args.company);
    if (!company) throw new CliError('There is no company yet: create the first admin with create-user --company');
    const [taken] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.companyId, company.id), sql`lower(${branches.name}) = ${fields.name.toLowerCase()}`));
    if (taken) throw new CliError(`A branch named ${fields.name} already exists (${taken.id})`);
    const [row] = await db
      .insert(branches)
      .values({ ...fields, companyId: company.id })
      .returning({ id: branches.id });
    ctx.io.out(`Created branch ${fields.name} (${row!.id}) of ${company.name}, time zone ${fields.timezone}`);
    return row!.id;
  });
}
