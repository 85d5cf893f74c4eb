import { and, asc, desc, eq, gt, inArray, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { GetMapLocationsInput, MapLocations, MapPerson, MapTiles, MapVisit } from '@hearth/shared/map/map.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { notFound } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { clientAddresses, clients } from '../clients/clients.schema';
import { caregiverAddresses, caregivers } from '../caregivers/caregivers.schema';
import { shifts } from '../shifts/shifts.schema';

/** A name as the map labels people: "Last, First". */
function lastFirst(lastName: string, firstName: string): string {
  return `${lastName}, ${firstName}`;
}

/** An address on one line: "12 Elm St, Apt 2, Boston, MA 02108". */
function oneLine(a: { line1: string; line2: string | null; city: string; state: string; zip: string }): string {
  return [a.line1, a.line2, a.city, `${a.state} ${a.zip}`].filter(Boolean).join(', ');
}

/**
 * Where a person is drawn: their primary address with coordinates, else their first one with coordinates. A
 * lateral subquery (`owner` is the condition tying an address to the outer row) that uses the owner's address
 * index and yields one row per person, so the map needs no query per row.
 */
function placeOf(scope: Scope, table: typeof clientAddresses | typeof caregiverAddresses, owner: SQL, alias: string) {
  return scope.db
    .select({
      lat: table.lat,
      lon: table.lon,
      line1: table.line1,
      line2: table.line2,
      city: table.city,
      state: table.state,
      zip: table.zip,
    })
    .from(table)
    .where(and(owner, isNotNull(table.lat), isNotNull(table.lon)))
    .orderBy(desc(table.isPrimary), asc(table.id))
    .limit(1)
    .as(alias);
}

/** `make(lat, lon)` as a one-item list when the point has both coordinates, else none (the map cannot draw it). */
function located<T>(p: { lat: number | null; lon: number | null }, make: (lat: number, lon: number) => T): T[] {
  return p.lat === null || p.lon === null ? [] : [make(p.lat, p.lon)];
}

/** The columns of a place subquery, selected as one nested object. */
function fieldsOf(p: ReturnType<typeof placeOf>) {
  return { lat: p.lat, lon: p.lon, line1: p.line1, line2: p.line2, city: p.city, state: p.state, zip: p.zip };
}

/**
 * The /map page's data (spec "Other" call getMapLocations; issue "Payroll, billing, reports" item 5), in the
 * caller's branch scope: the branches with coordinates; the active clients and active caregivers at their
 * primary address with coordinates (others are left out); and today's visits (not cancelled) at the client's
 * address, where "today" is the calendar day of `now` in each branch's time zone (a visit overlapping that day
 * counts, so an overnight visit shows on both days). Four queries whatever the agency's size.
 * @param input.branchId one branch of the scope; omitted: every branch in scope.
 * @param now the moment "today" is judged at (default: the current time; tests pass a fixed one).
 * @param tiles the tile source the page should draw (config MAP_TILE_URL), passed through.
 * @returns names "Last, First", one-line addresses, WGS84 degrees, ISO UTC times; no other personal field.
 * @throws AppError NOT_FOUND when input.branchId is not a branch of the scope.
 */
export async function getMapLocations({
  scope,
  input,
  now = new Date(),
  tiles = null,
}: {
  scope: Scope;
  input: GetMapLocationsInput;
  now?: Date;
  tiles?: MapTiles;
}): Promise<MapLocations> {
  const branchId = input?.branchId;
  const branchRows = await scope.db
    .select({ id: branches.id, name: branches.name, lat: branches.lat, lon: branches.lon, timezone: branches.timezone })
    .from(branches)
    .where(and(inBranchScope(scope, branches.id), branchId === undefined ? undefined : eq(branches.id, branchId)))
    .orderBy(asc(branches.name));
  if (branchId !== undefined && branchRows.length === 0) throw notFound('Branch', branchId);
  const ids = branchRows.map((b) => b.id);
  if (ids.length === 0) return { branches: [], clients: [], caregivers: [], visits: [], tiles };

  const clientPlace = placeOf(scope, clientAddresses, eq(clientAddresses.clientId, clients.id), 'client_place');
  const caregiverPlace = placeOf(scope, caregiverAddresses, eq(caregiverAddresses.caregiverId, caregivers.id), 'caregiver_place');

  const [clientRows, caregiverRows, visitRows] = await Promise.all([
    scope.db
      .select({
        id: clients.id,
        firstName: clients.firstName,
        lastName: clients.lastName,
        branchId: clients.branchId,
        place: fieldsOf(clientPlace),
      })
      .from(clients)
      .innerJoinLateral(clientPlace, sql`true`)
      .where(and(inArray(clients.branchId, ids), inBranchScope(scope, clients.branchId), eq(clients.status, 'active')))
      .orderBy(asc(clients.lastName), asc(clients.firstName), asc(clients.id)),
    scope.db
      .select({
        id: caregivers.id,
        firstName: caregivers.firstName,
        lastName: caregivers.lastName,
        branchId: caregivers.branchId,
        place: fieldsOf(caregiverPlace),
      })
      .from(caregivers)
      .innerJoinLateral(caregiverPlace, sql`true`)
      .where(and(inArray(caregivers.branchId, ids), inBranchScope(scope, caregivers.branchId), eq(caregivers.status, 'active')))
      .orderBy(asc(caregivers.lastName), asc(caregivers.firstName), asc(caregivers.id)),
    todaysVisits(scope, ids, now),
  ]);

  const toPerson = (r: (typeof clientRows)[number]): MapPerson[] =>
    located(r.place, (lat, lon) => ({
      id: r.id,
      name: lastFirst(r.lastName, r.firstName),
      lat,
      lon,
      address: oneLine(r.place),
      branchId: r.branchId,
    }));
  return {
    branches: branchRows.flatMap((b) => located(b, (lat, lon) => ({ id: b.id, name: b.name, lat, lon }))),
    clients: clientRows.flatMap(toPerson),
    caregivers: caregiverRows.flatMap(toPerson),
    visits: visitRows,
    tiles,
  };
}

/**
 * The visits (not cancelled) of the branches `ids` overlapping the calendar day of `now` in their branch's time
 * zone, at the client's address with coordinates. The day's bounds are computed in SQL per branch
 * (`AT TIME ZONE`), so a day of 23 or 25 hours at a daylight-saving change is right.
 */
async function todaysVisits(scope: Scope, ids: number[], now: Date): Promise<MapVisit[]> {
  const place = placeOf(scope, clientAddresses, eq(clientAddresses.clientId, shifts.clientId), 'visit_place');
  const localDay = sql`date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${branches.timezone})`;
  const dayStart = sql`(${localDay} at time zone ${branches.timezone})`;
  const dayEnd = sql`((${localDay} + interval '1 day') at time zone ${branches.timezone})`;
  const rows = await scope.db
    .select({
      shiftId: shifts.id,
      clientId: shifts.clientId,
      caregiverId: shifts.caregiverId,
      clientFirst: clients.firstName,
      clientLast: clients.lastName,
      caregiverFirst: caregivers.firstName,
      caregiverLast: caregivers.lastName,
      startAt: shifts.startAt,
      endAt: shifts.endAt,
      timeZone: branches.timezone,
      status: shifts.status,
      place: fieldsOf(place),
    })
    .from(shifts)
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .innerJoin(clients, eq(clients.id, shifts.clientId))
    .leftJoin(caregivers, eq(caregivers.id, shifts.caregiverId))
    .innerJoinLateral(place, sql`true`)
    .where(
      and(
        inArray(shifts.branchId, ids),
        inBranchScope(scope, shifts.branchId),
        ne(shifts.status, 'cancelled'),
        lt(shifts.startAt, dayEnd),
        gt(shifts.endAt, dayStart),
      ),
    )
    .orderBy(asc(shifts.startAt), asc(shifts.id));
  return rows.flatMap((r) =>
    located(r.place, (lat, lon) => ({
      shiftId: r.shiftId,
      clientId: r.clientId,
      caregiverId: r.caregiverId,
      clientName: lastFirst(r.clientLast, r.clientFirst),
      caregiverName: r.caregiverLast === null || r.caregiverFirst === null ? null : lastFirst(r.caregiverLast, r.caregiverFirst),
      startAt: r.startAt.toISOString(),
      endAt: r.endAt.toISOString(),
      timeZone: r.timeZone,
      status: r.status,
      lat,
      lon,
    })),
  );
}
