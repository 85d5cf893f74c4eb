/**
 * The signed-in request mix the load benchmarks fire with autocannon (issue "The largest agencies" items 4 and 5):
 * what an agency's day looks like to the server, office screens and caregivers' phones together. Each autocannon
 * connection repeats one cycle of six requests:
 *   1. queryView of clients as the office filters them (status in two values, last name contains, sorted, a page);
 *   2. a branch's week of shifts (getShifts for the current Monday-to-Monday week in the branch's zone);
 *   3. a caregiver's check-in to one of today's visits (caregiverAppCheckInOut, online, at the client's address);
 *   4. queryView of clients, the whole list sorted by last name (a first page);
 *   5. the branch's week of shifts again;
 *   6. that caregiver's check-out of the same visit.
 * Four reads to two writes. A caregiver is held by one connection from its check-in to its check-out, so no two
 * connections record the same visit at once; the first check-in and check-out of a visit write its times, later
 * ones change nothing but still go through the whole check (receipt, rules, live event), as a second tap does.
 *
 * prepareLoadMix readies a database (PostgreSQL or PGlite, plain SQL) before its server starts or beside it:
 * caregiver users with the demo password for caregivers of a branch, each with a visit today whose check-in is
 * open. loadMixRequests turns the signed-in actors into autocannon requests; runLoadMix runs them and reports
 * throughput and p50/p95 latency in milliseconds.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { sql } from 'drizzle-orm';
import autocannon from 'autocannon';
import type { Database } from '../apps/server/src/db/client';
import { ROLE_IDS } from '../packages/shared/src/roles/roles.constants';

/** A visit a caregiver of the mix checks into and out of: its shift id and the client's address (degrees). */
export interface MixVisit {
  scheduleId: number;
  lat: number;
  lon: number;
}

/** What prepareLoadMix made: the branch, its current week (UTC ISO bounds) and the caregiver users to sign in. */
export interface LoadMixPlan {
  branchId: number;
  week: { after: string; before: string };
  caregivers: { username: string; visits: MixVisit[] }[];
}

/** The mix's signed-in actors: one office user (sees the branch's clients and shifts) and the caregivers. */
export interface LoadMixActors {
  branchId: number;
  week: { after: string; before: string };
  officeToken: string;
  caregivers: { token: string; visits: MixVisit[] }[];
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The current week of `zone` (Monday 00:00 to the next Monday, local) as getShifts takes it: UTC ISO timestamps.
 * @param now the clock (defaults to the present).
 */
export function currentWeek(zone: string, now: Date = new Date()): { after: string; before: string } {
  const monday = DateTime.fromJSDate(now).setZone(zone).startOf('week');
  return { after: monday.toUTC().toISO()!, before: monday.plus({ weeks: 1 }).toUTC().toISO()! };
}

/**
 * Readies the mix on `db` for branch `branchId`: takes `count` active caregivers of the branch that have no user
 * yet (those with the most visits today first), gives each a caregiver user `loadmix_<caregiverId>` signing in
 * with the demo password (the demo caregiver's password hash, so the demo agency must be there) linked to the
 * branch, and lists each one's visits today whose phone entries are open now: not cancelled or missed, starting
 * after local midnight (so in the current pay period) and no more than 110 minutes from now (check-in opens 120
 * minutes before the start). A caregiver without one gets a scheduled 2-hour visit from now at a client of the
 * branch. Run it once per database (usernames are unique), before the first server start on it: that start enrols
 * the new users with the demo authenticator secret (demo.mfa.ts), so signIn's demo code works for them.
 * @returns the branch, its current week in its zone and the caregivers to sign in, with their visits.
 * @throws Error when the branch has fewer than `count` free active caregivers or no active client.
 */
export async function prepareLoadMix(db: Database['db'], branchId: number, count: number): Promise<LoadMixPlan> {
  const [branch] = rowsOf<{ timezone: string; companyId: number }>(
    await db.execute(sql`select timezone, company_id as "companyId" from branches where id = ${branchId}`),
  );
  if (!branch) throw new Error(`No branch ${branchId}`);
  const dayStart = DateTime.now().setZone(branch.timezone).startOf('day').toUTC().toISO()!;
  const todays = sql`s.caregiver_id = c.id and s.status in ('scheduled', 'in_progress', 'completed')
    and s.start_at >= ${dayStart}::timestamptz and s.start_at <= now() + interval '110 minutes'`;
  const picked = rowsOf<{ id: number }>(
    await db.execute(sql`select c.id from caregivers c
      where c.branch_id = ${branchId} and c.status = 'active' and c.user_id is null
      order by (select count(*) from shifts s where ${todays}) desc, c.id limit ${count}`),
  ).map((r) => r.id);
  if (picked.length < count) throw new Error(`Branch ${branchId} has ${picked.length} free active caregivers, ${count} wanted`);
  const ids = sql.raw(picked.join(','));
  // Enrolled with the demo authenticator as the demo caregiver is, by the first server start (demo.mfa.ts).
  await db.execute(sql`insert into users (username, email, email_verified, name, first_name, last_name, company_id, role_id,
      v2_role_id, two_factor_enabled, mfa_preferred_method)
    select 'loadmix_' || c.id, 'loadmix_' || c.id || '@bench.hearth.care', true, c.first_name || ' ' || c.last_name,
      c.first_name, c.last_name, ${branch.companyId}, ${ROLE_IDS.caregiver}, ${ROLE_IDS.caregiver}, true, 'SOFTWARE_TOKEN_MFA'
    from caregivers c where c.id in (${ids})`);
  await db.execute(sql`insert into accounts (user_id, account_id, provider_id, password)
    select u.id, u.id::text, 'credential', (select a.password from accounts a join users d on d.id = a.user_id
      where d.username = 'caregiver' and a.provider_id = 'credential')
    from users u where u.username like 'loadmix_%' and not exists (select 1 from accounts x where x.user_id = u.id)`);
  await db.execute(sql`insert into "_BranchToUser" ("B", "A")
    select u.id, ${branchId} from users u where u.username in (select 'loadmix_' || id from caregivers where id in (${ids}))`);
  await db.execute(
    sql`update caregivers c set user_id = u.id from users u where u.username = 'loadmix_' || c.id and c.id in (${ids})`,
  );
  // Caregivers with nothing to check into today get a visit from now, at a client of the branch, where they are free.
  await db.execute(sql`insert into shifts (branch_id, client_id, caregiver_id, service_code, start_at, end_at, status)
    select ${branchId}, (select id from clients where branch_id = ${branchId} and status = 'active' order by id
        offset c.id % greatest(1, (select count(*) from clients where branch_id = ${branchId} and status = 'active')) limit 1),
      c.id, 'T1019', now(), now() + interval '2 hours', 'scheduled'
    from caregivers c where c.id in (${ids}) and not exists (select 1 from shifts s where ${todays})
      and not exists (select 1 from shifts s where s.caregiver_id = c.id and s.status <> 'cancelled'
        and s.start_at < now() + interval '2 hours' and s.end_at > now())`);
  const visits = rowsOf<{ caregiverId: number; scheduleId: number; lat: number | null; lon: number | null }>(
    await db.execute(sql`select c.id as "caregiverId", s.id as "scheduleId", a.lat::float8 as lat, a.lon::float8 as lon
      from caregivers c join shifts s on ${todays}
      left join lateral (select lat, lon from client_addresses where client_id = s.client_id order by id limit 1) a on true
      where c.id in (${ids}) order by c.id, s.start_at`),
  );
  const caregivers = picked.map((id) => ({
    username: `loadmix_${id}`,
    visits: visits
      .filter((v) => v.caregiverId === id)
      .map((v) => ({ scheduleId: v.scheduleId, lat: v.lat ?? 42.1, lon: v.lon ?? -72.6 })),
  }));
  const without = caregivers.filter((c) => c.visits.length === 0).length;
  if (without > 0) throw new Error(`${without} caregivers of branch ${branchId} have no visit to check into today`);
  return { branchId, week: currentWeek(branch.timezone), caregivers };
}

/** The kinds of request of the mix, as the per-kind figures name them. */
export type MixKind = 'clients view' | 'week of shifts' | 'check-in' | 'check-out';

/** Called with each answer of the mix: its kind, time from sending in milliseconds, and HTTP status. */
export type MixRecorder = (kind: MixKind, ms: number, status: number) => void;

/** Per-connection state autocannon keeps for a cycle (reset when the cycle starts again). */
interface MixContext {
  caregiver?: number;
  visit?: MixVisit;
  kind?: MixKind;
  sentAt?: number;
}

type Parts = Pick<autocannon.Request, 'method' | 'path' | 'headers' | 'body'>;

/**
 * The mix as autocannon `requests` for the server at `base` (e.g. "http://127.0.0.1:3000"): the six-request cycle
 * of the module's description, with bearer tokens, JSON bodies and fresh clientRecordIds built per request. The
 * office requests carry `actors.officeToken`; a check-in takes the next caregiver no other connection holds (round
 * robin) and one of its visits in turn, and the cycle's check-out releases it. With fewer free caregivers than
 * connections, a cycle without one reads its week of shifts instead of checking in and out. Build new requests for
 * each autocannon run: a run that stops mid-cycle leaves its caregivers held.
 * @param record when given, hears every answer's kind, time (ms, from when autocannon built the request, which it
 * does as it sends it) and status, for figures per kind.
 * @returns the requests, to pass as autocannon's `requests` with `url: base`.
 */
export function loadMixRequests(base: string, actors: LoadMixActors, record?: MixRecorder): autocannon.Request[] {
  const headers = (token: string) => ({ authorization: `Bearer ${token}`, origin: base, 'content-type': 'application/json' });
  const query = (procedure: string, input: unknown): Parts => ({
    method: 'GET',
    path: `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
    headers: headers(actors.officeToken),
  });
  const clientsView = (filters: unknown[]) =>
    query('queryView', { view: 'clients', filters, sort: [{ column: 'lastName', direction: 'asc' }], page: 1, pageSize: 50 });
  const filteredClients = clientsView([
    { column: 'status', operator: 'in', value: ['active', 'on_hold'] },
    { column: 'lastName', operator: 'contains', value: 'son' },
  ]);
  const allClients = clientsView([]);
  const week = query('getShifts', { branchId: actors.branchId, ...actors.week });
  const held = new Set<number>();
  let nextCaregiver = 0;
  const turns = actors.caregivers.map(() => 0);
  const check = (kind: 'check_in' | 'check_out', context: MixContext): Parts => {
    const visit = context.visit!;
    return {
      method: 'POST',
      path: '/api/trpc/caregiverAppCheckInOut',
      headers: headers(actors.caregivers[context.caregiver!]!.token),
      body: JSON.stringify({
        scheduleId: visit.scheduleId,
        kind,
        timestamp: new Date().toISOString(),
        position: { lat: visit.lat, lon: visit.lon, accuracyMetres: 10 },
        clientRecordId: randomUUID(),
      }),
    };
  };
  const takeCaregiver = (context: MixContext): boolean => {
    const n = actors.caregivers.length;
    for (let tried = 0; tried < n; tried++) {
      const k = nextCaregiver++ % n;
      if (held.has(k)) continue;
      held.add(k);
      const visits = actors.caregivers[k]!.visits;
      context.caregiver = k;
      context.visit = visits[turns[k]! % visits.length];
      turns[k] = turns[k]! + 1;
      return true;
    }
    return false;
  };
  // Each request is built as it is sent: setupRequest lays this cycle's parts over what autocannon built (its host
  // and defaults) and notes the kind and time for onResponse.
  const step = (choose: (context: MixContext) => [MixKind, Parts]): autocannon.Request => ({
    setupRequest: (request, raw) => {
      const context = raw as MixContext;
      const [kind, parts] = choose(context);
      context.kind = kind;
      context.sentAt = performance.now();
      return { ...request, ...parts };
    },
    onResponse: (status, _body, raw) => {
      const context = raw as MixContext;
      record?.(context.kind!, performance.now() - context.sentAt!, status);
    },
  });
  const read = (kind: MixKind, parts: Parts) => step(() => [kind, parts]);
  return [
    read('clients view', filteredClients),
    read('week of shifts', week),
    step((context) => (takeCaregiver(context) ? ['check-in', check('check_in', context)] : ['week of shifts', week])),
    read('clients view', allClients),
    read('week of shifts', week),
    step((context) => {
      if (context.caregiver === undefined) return ['week of shifts', week];
      held.delete(context.caregiver);
      return ['check-out', check('check_out', context)];
    }),
  ];
}

/** What runLoadMix measured: requests per second, latency percentiles (ms) and the answers that were not 2xx. */
export interface LoadMixResult {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/**
 * Fires `requests` (loadMixRequests) at `base` for `seconds` over `connections` concurrent connections, one
 * request at a time on each (no pipelining), and measures every answer's time.
 * @returns throughput (answered requests per second over the run), p50 and p95 of the answers' times in
 * milliseconds (from autocannon's per-response times), and the counts of non-2xx answers and connection errors.
 */
export async function runLoadMix(
  base: string,
  requests: autocannon.Request[],
  options: { connections: number; seconds: number },
): Promise<LoadMixResult> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections: options.connections, duration: options.seconds, requests },
      (error: unknown, done: autocannon.Result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const at = (q: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))]! : NaN);
  return {
    requestsPerSecond: times.length / options.seconds,
    p50: at(0.5),
    p95: at(0.95),
    requests: times.length,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
