import { ZBranchFields, type BranchFields } from '@hearth/shared/branches/branches.schema';
import { DEFAULT_TIMEZONE } from '@hearth/shared/app/app.constants';
import { timeZonesOfState } from '@hearth/shared/app/state-time-zones';
import { insertBranch } from '../features/branches/branches.service';
import { placeFromZip, type BranchPlace } from '../features/branches/branches.location';
import { english } from '../i18n/server-i18n';
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
  /** The office's own point, WGS84 degrees as text; both or neither. */
  lat?: string;
  lon?: string;
}

/**
 * The time zone checked against the state: without --timezone the default (Eastern) is only taken for a state
 * that uses Eastern time, so a branch elsewhere does not get Eastern workweeks and visit times by omission.
 * @throws CliError naming the state's zones and --timezone.
 */
function checkTimeZone(args: CreateBranchArgs, fields: BranchFields): void {
  if (args.timezone !== undefined || !fields.state) return;
  const zones = timeZonesOfState(fields.state);
  if (zones.length === 0 || zones.includes(DEFAULT_TIMEZONE)) return;
  throw new CliError(
    `A branch in ${fields.state} is not on Eastern time (the default): give its time zone with --timezone ` +
      `(${zones.join(' or ')})`,
  );
}

/** A coordinate option: a number within ±`limit` degrees. @throws CliError naming the option. */
function degrees(name: string, text: string, limit: number): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || Math.abs(value) > limit) {
    throw new CliError(`--${name} must be decimal degrees between -${limit} and ${limit}, not ${text}`);
  }
  return value;
}

/**
 * Where the branch is drawn on /map: --lat/--lon when given (exact), else the centre of its ZIP, approximate
 * (placeFromZip).
 * @throws CliError for only one of --lat/--lon, a value out of range, and a ZIP that lies in another state than --state.
 */
async function placeOf(args: CreateBranchArgs, fields: BranchFields): Promise<BranchPlace> {
  if (args.lat !== undefined || args.lon !== undefined) {
    if (args.lat === undefined || args.lon === undefined) throw new CliError('Give both --lat and --lon, or neither');
    return { lat: degrees('lat', args.lat, 90), lon: degrees('lon', args.lon, 180), coordinatesApproximate: false };
  }
  const { place, problem } = await placeFromZip({ zip: fields.zip, state: fields.state });
  if (problem) throw new CliError(`${english(problem)}: check --zip and --state`);
  return place;
}

/** The line saying where the branch shows on /map. */
function placeLine(place: BranchPlace, zip: string | null | undefined): string {
  if (place.lat === null || place.lon === null) {
    return zip
      ? `ZIP ${zip} is not in the ZIP table: the branch is not on the map until --lat and --lon are given`
      : 'No address: the branch is not on the map (give --zip, or --lat and --lon)';
  }
  const at = `${place.lat.toFixed(4)}, ${place.lon.toFixed(4)}`;
  return place.coordinatesApproximate
    ? `On the map at ${at}, approximate: the centre of ZIP ${zip!.slice(0, 5)} (--lat and --lon give the office's own point)`
    : `On the map at ${at}`;
}

/**
 * `create-branch`: an office of the agency, written as createBranch writes one (insertBranch), so a new
 * install can import clients and caregivers into it. The fields are checked by the branch form's schema
 * (ZBranchFields: the ZIP in its normal form, the time zone an IANA name, default America/New_York only for a
 * state on Eastern time (checkTimeZone); the geofence radius 10 to 5000 metres, default 150); the name must be new
 * in its company (case-insensitive). The branch gets a place on /map (placeOf): --lat/--lon, else its ZIP's centre
 * marked approximate.
 * @returns the new branch's id.
 * @throws UsageError without --name; CliError naming the first invalid field ("timezone: ..."), a state not on
 * Eastern time without --timezone, a ZIP of another state, bad --lat/--lon, when there is no company yet, and from
 * findCompany; AppError CONFLICT "A branch named X already exists" (insertBranch).
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
  checkTimeZone(args, fields);
  const place = await placeOf(args, fields);
  return withDatabase(ctx.config, async (database) => {
    const db = database.db;
    await prepareDatabase(database);
    const company = await findCompany(db, args.company);
    if (!company) throw new CliError('There is no company yet: create the first admin with create-user --company');
    const row = await insertBranch(db, company.id, fields, place);
    ctx.io.out(`Created branch ${fields.name} (${row.id}) of ${company.name}, time zone ${fields.timezone}`);
    ctx.io.out(placeLine(place, fields.zip));
    return row.id;
  });
}
